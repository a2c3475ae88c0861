import { describe, expect, it } from 'vitest';
import {
  type IncomingMessage,
  InvalidParamsError,
  type JsonRpcRequest,
  ListenerError,
  ProtocolViolationError,
} from '../index.js';
import { streamHarness, turn } from '../test-support/streams.js';

const line = (value: unknown): string => `${JSON.stringify(value)}\n`;

describe('fromStreams: sending and correlating', () => {
  it('gives its own requests increasing integer ids and resolves each with its result', async () => {
    const { connection, input, waitForSent } = streamHarness();
    const first = connection.request('tools/list', { cursor: 'a' });
    const second = connection.request('ping');
    const sent = await waitForSent(2);
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 'a' } },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
    ]);
    input.write(
      line({ jsonrpc: '2.0', id: 2, result: 'pong' }) +
        line({ jsonrpc: '2.0', id: 1, result: { tools: [] } }),
    );
    await expect(first).resolves.toEqual({ tools: [] });
    await expect(second).resolves.toBe('pong');
    connection.close();
  });

  it('matches responses by exact id: "1" does not answer request 1', async () => {
    const { connection, input, errors, waitForSent } = streamHarness();
    const pending = connection.request('ping');
    await waitForSent(1);
    input.write(line({ jsonrpc: '2.0', id: '1', result: 'wrong' }));
    await turn();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(ProtocolViolationError);
    expect((errors[0] as ProtocolViolationError).code).toBe('ERR_UNKNOWN_RESPONSE_ID');
    input.write(line({ jsonrpc: '2.0', id: 1, result: 'right' }));
    await expect(pending).resolves.toBe('right');
    connection.close();
  });

  it('rejects with the RpcError subclass the peer answered, message without code prefix', async () => {
    const { connection, input, waitForSent } = streamHarness();
    const pending = connection.request('tools/call', {});
    await waitForSent(1);
    input.write(
      line({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Unknown tool', data: { n: 1 } } }),
    );
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidParamsError);
    expect(error).toMatchObject({ code: -32602, message: 'Unknown tool', data: { n: 1 } });
    connection.close();
  });

  it('sends notifications, results and errors as one line each', async () => {
    const { connection, waitForSent } = streamHarness();
    connection.notify('notifications/initialized');
    connection.notify('notifications/progress', { progress: 1 });
    connection.respond('abc', { ok: true });
    connection.respond(7, undefined);
    connection.respondError(null, -32700, 'Parse error');
    connection.respondError(3, -32602, 'Bad', { field: 'x' });
    expect(await waitForSent(6)).toEqual([
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } },
      { jsonrpc: '2.0', id: 'abc', result: { ok: true } },
      { jsonrpc: '2.0', id: 7, result: null },
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
      { jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'Bad', data: { field: 'x' } } },
    ]);
    connection.close();
  });

  it('rejects a request whose params JSON cannot carry, and stays usable', async () => {
    const { connection, input, waitForSent } = streamHarness();
    await expect(connection.request('bad', { n: 1n })).rejects.toBeInstanceOf(TypeError);
    const good = connection.request('good');
    const sent = await waitForSent(1);
    expect(sent[0]).toMatchObject({ id: 2, method: 'good' });
    input.write(line({ jsonrpc: '2.0', id: 2, result: true }));
    await expect(good).resolves.toBe(true);
    connection.close();
  });

  it('refuses a result or params JSON would silently drop, instead of sending an invalid message', async () => {
    const { connection, waitForSent } = streamHarness();
    expect(() => connection.respond(1, () => 1)).toThrow(TypeError);
    expect(() => connection.respond(1, Symbol('x'))).toThrow(TypeError);
    expect(() => connection.notify('n', () => 1)).toThrow(TypeError);
    await expect(connection.request('r', Symbol('x'))).rejects.toBeInstanceOf(TypeError);
    await expect(connection.request('r', 'a string')).rejects.toBeInstanceOf(TypeError);
    expect(() => connection.notify('n', null)).toThrow(TypeError);
    expect(() => connection.respondError(1, 1.5, 'x')).toThrow(TypeError);
    expect(() => connection.respondError(1, Number.NaN, 'x')).toThrow(TypeError);
    expect(connection.pendingRequests).toBe(0);
    connection.respond(2, 'fine');
    expect(await waitForSent(1)).toEqual([{ jsonrpc: '2.0', id: 2, result: 'fine' }]);
    connection.close();
  });

  it('writes messages sent in the same tick with one write', async () => {
    const { connection, output, waitForSent } = streamHarness();
    const writes: string[] = [];
    const write = output.write.bind(output);
    output.write = ((chunk: string, ...rest: never[]) => {
      writes.push(chunk);
      return write(chunk, ...rest);
    }) as typeof output.write;
    for (let i = 0; i < 5; i++) connection.notify('n', { i });
    await waitForSent(5);
    expect(writes).toHaveLength(1);
    expect(writes[0]?.split('\n')).toHaveLength(6);
    connection.close();
  });
});

describe('fromStreams: receiving', () => {
  it('delivers requests and notifications as events and through nextMessage, in order', async () => {
    const { connection, input } = streamHarness();
    const events: string[] = [];
    connection.on('request', (m) => events.push(`request ${m.method} ${JSON.stringify(m.id)}`));
    connection.on('notification', (m) => events.push(`notification ${m.method}`));
    input.write(line({ jsonrpc: '2.0', id: 'x', method: 'a' }) + line({ jsonrpc: '2.0', method: 'b' }));
    expect(await connection.nextMessage()).toEqual({ jsonrpc: '2.0', id: 'x', method: 'a' });
    expect(await connection.nextMessage()).toEqual({ jsonrpc: '2.0', method: 'b' });
    expect(events).toEqual(['request a "x"', 'notification b']);
    const waiting = connection.nextMessage();
    input.write(line({ jsonrpc: '2.0', id: 2, method: 'c', params: [1] }));
    expect(await waiting).toEqual({ jsonrpc: '2.0', id: 2, method: 'c', params: [1] });
    connection.close();
  });

  it('with queueIncoming false, events still fire and nothing accumulates for nextMessage', async () => {
    const { connection, input } = streamHarness({ queueIncoming: false });
    const seen: IncomingMessage[] = [];
    connection.on('request', (m) => seen.push(m));
    input.write(line({ jsonrpc: '2.0', id: 1, method: 'a' }));
    await turn();
    expect(seen).toHaveLength(1);
    let settled = false;
    void connection.nextMessage().then(
      () => (settled = true),
      () => undefined,
    );
    await turn();
    expect(settled).toBe(false);
    connection.close();
  });

  it('reports listener exceptions as errors, keeps the connection and still queues the message', async () => {
    const { connection, input, errors } = streamHarness();
    const calls: string[] = [];
    const thrown = new Error('listener failed');
    connection.on('request', () => {
      throw thrown;
    });
    connection.on('request', (m: JsonRpcRequest) => calls.push(m.method));
    connection.on('notification', () => {
      throw 'a string';
    });
    input.write(line({ jsonrpc: '2.0', id: 1, method: 'a' }) + line({ jsonrpc: '2.0', method: 'b' }));
    expect((await connection.nextMessage()).method).toBe('a');
    expect((await connection.nextMessage()).method).toBe('b');
    expect(calls).toEqual(['a']);
    expect(errors[0]).toBe(thrown);
    expect(errors[1]).toBeInstanceOf(ListenerError);
    expect(errors[1]?.cause).toBe('a string');
    expect(connection.closed).toBe(false);
    connection.close();
  });

  it('an async listener that rejects is reported like one that throws, never an unhandled rejection', async () => {
    const { connection, input, errors } = streamHarness();
    const failure = new Error('async handler failed');
    connection.on('request', async () => {
      await Promise.resolve();
      throw failure;
    });
    connection.on('notification', () => Promise.reject('not an error'));
    input.write(line({ jsonrpc: '2.0', id: 1, method: 'a' }) + line({ jsonrpc: '2.0', method: 'b' }));
    expect((await connection.nextMessage()).method).toBe('a');
    expect((await connection.nextMessage()).method).toBe('b');
    await turn();
    expect(errors).toHaveLength(2);
    expect(errors).toContain(failure);
    const wrapped = errors.find((e) => e instanceof ListenerError);
    expect(wrapped?.cause).toBe('not an error');
    expect(connection.closed).toBe(false);
    connection.close();
  });

  it('without an error listener, bad input is dropped instead of thrown', async () => {
    const { connection, input } = streamHarness();
    connection.removeAllListeners('error');
    input.write('not json\n');
    input.write(line({ jsonrpc: '2.0', method: 'after' }));
    expect((await connection.nextMessage()).method).toBe('after');
    connection.close();
  });
});
