import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { REGISTER, runTypeScript, spawnTypeScript } from './test-support/run-ts.js';

/** A server started by run() with the given command line (test-support/run-child.ts). */
const CHILD = fileURLToPath(new URL('./test-support/run-child.ts', import.meta.url));

const started: Array<{ kill(signal?: NodeJS.Signals): boolean }> = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});

/** util-linux `script` gives the child a terminal for its stdin (skipped where it is missing). */
const HAS_SCRIPT = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;

/** No stack trace reaches a person who mistyped a flag. */
function expectNoStack(stderr: string): void {
  expect(stderr).not.toMatch(/\n\s+at /);
}

// Each test starts real node processes that transpile the sources: slow on a busy machine.
describe('run() command line, in a real process (issue 8, first hour)', { timeout: 60_000 }, () => {
  it('--help prints every flag on stdout and exits 0 without waiting on stdin', async () => {
    const result = await runTypeScript(CHILD, ['--help']);
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect(result.stdout).toMatch(/^Usage: node \S*run-child\.ts \[flags\]/);
    for (const flag of [
      '--http [HOST:]PORT',
      '--allowed-hosts HOST[,HOST...]',
      '--config FILE',
      '--health',
      '--help',
    ]) {
      expect(result.stdout).toContain(flag);
    }
  });

  it.each([
    [
      ['--http', 'foo'],
      "run-child: --http expects [HOST:]PORT, e.g. --http 3000 or --http 0.0.0.0:8080; got 'foo'",
    ],
    [['--http'], 'run-child: --http needs a value: --http [HOST:]PORT, e.g. --http 3000'],
    [['--htp', '3000'], 'run-child: unknown flag --htp. Did you mean --http?'],
    [['--allowed-hosts', 'a.lan'], 'run-child: --allowed-hosts only applies to HTTP: add --http [HOST:]PORT'],
  ])('%j exits 2 with one line naming the flag and the fix', async (args, message) => {
    const result = await runTypeScript(CHILD, args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.startsWith(message)).toBe(true);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expectNoStack(result.stderr);
  });

  it.skipIf(!HAS_SCRIPT)(
    'started by hand at a terminal, says on stderr what it is and how to connect',
    async () => {
      const command = `${process.execPath} --import ${REGISTER} ${CHILD}`;
      const child = spawn('script', ['-qec', command, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'] });
      started.push(child);
      let seen = '';
      for await (const chunk of child.stdout) {
        seen += String(chunk);
        if (seen.includes('--help lists the flags.')) break;
      }
      expect(seen).toMatch(
        /run-child: this is an MCP server speaking JSON-RPC on stdin\/stdout; start it from an MCP client \(try: npx @modelcontextprotocol\/inspector node \S*run-child\.ts\), or serve HTTP with --http 3000\. --help lists the flags\./,
      );
    },
  );

  it('--http on a port in use exits 1 and says "port 127.0.0.1:N is already in use"', async () => {
    const holder = createServer().listen(0, '127.0.0.1');
    await once(holder, 'listening');
    const { port } = holder.address() as AddressInfo;
    try {
      const result = await runTypeScript(CHILD, ['--http', `127.0.0.1:${port}`]);
      expect(result.code).toBe(1);
      const lines = result.stderr
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { level: string; msg: string; code?: string });
      const fatal = lines.find((line) => line.level === 'fatal');
      expect(fatal?.msg).toMatch(new RegExp(`^port 127\\.0\\.0\\.1:${port} is already in use: `));
      expect(fatal?.code).toBe('ERR_LISTEN_ADDRESS_IN_USE');
      expect(lines.map((line) => line.msg)).not.toContain('input closed');
    } finally {
      holder.close();
    }
  });

  it('--allowed-hosts (and MCPFORGE_ALLOWED_HOSTS) lets a client use another Host name', async () => {
    for (const [args, env] of [
      [['--http', '127.0.0.1:0', '--allowed-hosts', 'my-box.lan'], {}],
      [['--http', '127.0.0.1:0'], { MCPFORGE_ALLOWED_HOSTS: 'my-box.lan' }],
    ] as const) {
      const child = spawnTypeScript(CHILD, args, env);
      started.push(child);
      let url = '';
      for await (const line of createInterface({ input: child.stderr })) {
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        if (entry.msg === 'listening' && entry.url !== undefined) {
          url = entry.url;
          break;
        }
      }
      const { port } = new URL(url);
      const status = (host: string) => httpStatus(Number(port), host);
      expect(await status(`my-box.lan:${port}`)).toBe(200);
      expect(await status(`other.lan:${port}`)).toBe(403);
      child.kill('SIGTERM');
      expect((await once(child, 'exit'))[0]).toBe(0);
    }
  });
});

/** POSTs an initialize with the given Host header (fetch cannot set Host) and returns the status. */
async function httpStatus(port: number, host: string): Promise<number> {
  const { request } = await import('node:http');
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        headers: {
          host,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          connection: 'close',
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
