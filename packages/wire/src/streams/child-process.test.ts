import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionClosedError, fromChildProcess } from '../index.js';
import { closed } from '../test-support/streams.js';

const peerScript = fileURLToPath(new URL('../test-fixtures/line-peer.mjs', import.meta.url));
const children: ChildProcess[] = [];

function spawnPeer(): ChildProcess {
  const child = spawn(process.execPath, [peerScript], { stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(child);
  return child;
}

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill();
});

describe('fromChildProcess', () => {
  it('talks to a real child over its pipes', async () => {
    const connection = fromChildProcess(spawnPeer());
    await expect(connection.request('echo', { text: 'hé\u2028llo' })).resolves.toEqual({
      text: 'hé\u2028llo',
    });
    connection.close();
  });

  it('a child that dies mid-request: the request rejects ConnectionClosedError no-response, then close', async () => {
    const child = spawnPeer();
    const connection = fromChildProcess(child);
    await connection.request('echo', {});
    const events: string[] = [];
    connection.on('error', (e) => events.push(`error:${e.message}`));
    connection.on('close', () => events.push('close'));
    const dying = connection.request('die');
    const error = await dying.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionClosedError);
    expect((error as ConnectionClosedError).outcome).toBe('no-response');
    expect(events).toContain('close');
    expect(connection.closed).toBe(true);
    connection.close();
  });

  it('a broken pipe (the child closed its stdin) closes the connection with the pipe error', async () => {
    // The shell closes its stdin (the read end of our pipe) and stays alive.
    const script = `exec 0<&-; echo '{"jsonrpc":"2.0","method":"stdin-closed"}'; sleep 10`;
    const child = spawn('sh', ['-c', script], { stdio: ['pipe', 'pipe', 'inherit'] });
    children.push(child);
    const connection = fromChildProcess(child);
    const errors: Error[] = [];
    connection.on('error', (e) => errors.push(e));
    expect((await connection.nextMessage()).method).toBe('stdin-closed');
    const done = closed(connection);
    // Keep writing until the OS reports the broken pipe.
    const pending: Array<Promise<unknown>> = [];
    while (!connection.closed) {
      pending.push(connection.request('echo', { pad: 'x'.repeat(1024) }).catch((e: unknown) => e));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await done;
    expect(errors.map((e) => (e as NodeJS.ErrnoException).code)).toEqual(['EPIPE']);
    for (const outcome of await Promise.all(pending)) expect(outcome).toBeInstanceOf(ConnectionClosedError);
    connection.close();
  });

  it('closes shortly after the child exits even if a grandchild keeps its stdout open', async () => {
    const child = spawn('sh', ['-c', 'sleep 3 & exit 0'], { stdio: ['pipe', 'pipe', 'inherit'] });
    children.push(child);
    const connection = fromChildProcess(child);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const done = closed(connection);
    await exited;
    expect(child.stdout?.readableEnded).toBe(false);
    await done;
    expect(connection.closed).toBe(true);
    connection.close();
    child.stdout?.destroy();
  });

  it('close() ends the child stdin, and the child exits on its own', async () => {
    const child = spawnPeer();
    const connection = fromChildProcess(child);
    await connection.request('echo', [1]);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    connection.close();
    expect(child.stdin?.writableEnded).toBe(true);
    expect(await exited).toBe(0);
  });

  it('a child that cannot start closes the connection with the spawn error', async () => {
    const child = spawn('/nonexistent/forge-wire-test-binary', [], { stdio: 'pipe' });
    const connection = fromChildProcess(child);
    const errors: Error[] = [];
    connection.on('error', (e) => errors.push(e));
    const pending = connection.request('x');
    await closed(connection);
    await expect(pending).rejects.toBeInstanceOf(ConnectionClosedError);
    expect(errors.map((e) => (e as NodeJS.ErrnoException).code)).toContain('ENOENT');
  });

  it('close() right after spawning a missing binary: the late spawn error does not crash the process', async () => {
    const child = spawn('/nonexistent/forge-wire-test-binary', [], { stdio: 'pipe' });
    const connection = fromChildProcess(child);
    connection.on('error', () => undefined);
    connection.close();
    // The spawn failure is emitted on a later tick, after the connection has closed.
    await new Promise((resolve) => child.once('close', resolve));
    expect(connection.closed).toBe(true);
  });

  it('refuses a child without piped stdio', () => {
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    children.push(child);
    expect(() => fromChildProcess(child)).toThrow(TypeError);
  });
});
