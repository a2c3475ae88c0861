import { describe, expect, it } from 'vitest';
import { MessageTooLargeError, ProtocolViolationError, RpcError } from '../index.js';
import { closed, streamHarness, turn } from '../test-support/streams.js';

const line = (value: unknown): string => `${JSON.stringify(value)}\n`;
const good = line({ jsonrpc: '2.0', id: 99, method: 'still/alive' });

/** Feeds one bad line then a good one; returns the error event, the answer sent, and the good message. */
async function feedBadLine(bad: string) {
  const harness = streamHarness();
  harness.input.write(bad + good);
  const next = await harness.connection.nextMessage();
  await turn();
  harness.connection.close();
  return { errors: harness.errors, sent: harness.sent, next };
}

describe('fromStreams: bad input never kills the connection', () => {
  it('answers a non-JSON line with -32700 and id null', async () => {
    const { errors, sent, next } = await feedBadLine('{not json\n');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(ProtocolViolationError);
    expect((errors[0] as ProtocolViolationError).code).toBe('ERR_PARSE');
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.any(String) } },
    ]);
    expect(next.method).toBe('still/alive');
  });

  it.each([
    ['a JSON value that is not an object', '42\n', null],
    ['a request without a method string', line({ jsonrpc: '2.0', id: 5, method: 3 }), 5],
    ['a request with an object id', line({ jsonrpc: '2.0', id: { a: 1 }, method: 'm' }), null],
    ['a request with id null', line({ jsonrpc: '2.0', id: null, method: 'm' }), null],
    ['params that are not structured', line({ jsonrpc: '2.0', id: 'k', method: 'm', params: 'x' }), 'k'],
  ])('answers %s with -32600 (id null or the readable id)', async (_name, bad, id) => {
    const { errors, sent, next } = await feedBadLine(bad);
    expect((errors[0] as ProtocolViolationError).code).toBe('ERR_INVALID_MESSAGE');
    expect(sent).toEqual([{ jsonrpc: '2.0', id, error: { code: -32600, message: expect.any(String) } }]);
    expect(next.method).toBe('still/alive');
  });

  it('answers an unknown jsonrpc version with -32600 and the id', async () => {
    const { errors, sent, next } = await feedBadLine(line({ jsonrpc: '1.0', id: 4, method: 'm' }));
    expect((errors[0] as ProtocolViolationError).code).toBe('ERR_UNSUPPORTED_VERSION');
    expect(sent).toEqual([{ jsonrpc: '2.0', id: 4, error: { code: -32600, message: expect.any(String) } }]);
    expect(next.method).toBe('still/alive');
  });

  it('answers a batch with -32600 and id null (MCP removed batching)', async () => {
    const batch = line([{ jsonrpc: '2.0', id: 1, method: 'a' }]);
    const { errors, sent, next } = await feedBadLine(batch);
    expect((errors[0] as ProtocolViolationError).code).toBe('ERR_BATCH_UNSUPPORTED');
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.any(String) } },
    ]);
    expect(next.method).toBe('still/alive');
  });

  it('reports a response to an unknown id or a malformed response without answering it', async () => {
    for (const bad of [
      line({ jsonrpc: '2.0', id: 12345, result: {} }),
      line({ jsonrpc: '2.0', id: 1, result: 1, error: { code: 1, message: 'x' } }),
      line({ jsonrpc: '2.0', id: 1, error: { code: 'x' } }),
    ]) {
      const { errors, sent, next } = await feedBadLine(bad);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toBeInstanceOf(ProtocolViolationError);
      expect(sent).toEqual([]);
      expect(next.method).toBe('still/alive');
    }
  });

  it('reports an error response with id null (the peer could not read us) as the RpcError', async () => {
    const { errors, sent } = await feedBadLine(
      line({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'p' } }),
    );
    expect(errors[0]).toBeInstanceOf(RpcError);
    expect((errors[0] as RpcError).code).toBe(-32700);
    expect(sent).toEqual([]);
  });

  it('skips an oversize message, reports MessageTooLargeError, answers -32600 and reads on', async () => {
    const harness = streamHarness({ maxMessageBytes: 64 });
    const big = line({ jsonrpc: '2.0', id: 1, method: 'big', params: { blob: 'x'.repeat(500) } });
    for (let i = 0; i < big.length; i += 16) harness.input.write(big.slice(i, i + 16));
    harness.input.write(good);
    expect((await harness.connection.nextMessage()).method).toBe('still/alive');
    expect(harness.errors).toHaveLength(1);
    expect(harness.errors[0]).toBeInstanceOf(MessageTooLargeError);
    expect((harness.errors[0] as MessageTooLargeError).limit).toBe(64);
    await harness.waitForSent(1);
    expect(harness.sent[0]).toMatchObject({ id: null, error: { code: -32600 } });
    harness.connection.close();
  });

  it('reports a last line without its newline when the input ends', async () => {
    const harness = streamHarness();
    harness.input.end('{"jsonrpc":"2.0","method":"cut"}');
    await closed(harness.connection);
    expect(harness.errors.map((e) => (e as ProtocolViolationError).code)).toEqual(['ERR_TRUNCATED_MESSAGE']);
  });

  it('answers a request whose id JSON turned into a non-finite number with -32600 and id null', async () => {
    // 1e400 parses to Infinity, which JSON.stringify writes as null: answering it would send id null.
    const { errors, sent, next } = await feedBadLine('{"jsonrpc":"2.0","id":1e400,"method":"m"}\n');
    expect((errors[0] as ProtocolViolationError).code).toBe('ERR_INVALID_MESSAGE');
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.any(String) } },
    ]);
    expect(next.method).toBe('still/alive');
  });

  it('keeps negative, float, large and string ids of incoming requests as they are', async () => {
    const harness = streamHarness();
    const ids = [-1, 1.5, 2 ** 52, '', 'x'];
    harness.input.write(ids.map((id) => line({ jsonrpc: '2.0', id, method: 'm' })).join(''));
    for (const id of ids) {
      const message = await harness.connection.nextMessage();
      expect('id' in message && message.id).toBe(id);
      if ('id' in message) harness.connection.respond(message.id, null);
    }
    expect((await harness.waitForSent(ids.length)).map((m) => (m as { id: unknown }).id)).toEqual(ids);
    harness.connection.close();
  });

  it('a malformed response to a pending request rejects that request instead of leaving it waiting', async () => {
    for (const bad of [
      '{"jsonrpc":"2.0","id":1,"result":1,"error":{"code":1,"message":"x"}}\n',
      '{"jsonrpc":"2.0","id":1,"error":"not an object"}\n',
      '{"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"m"}}\n',
      '{"id":1,"result":1}\n',
    ]) {
      const harness = streamHarness({ requestTimeoutMs: 0 });
      const pending = harness.connection.request('m');
      await harness.waitForSent(1);
      harness.input.write(bad);
      const error = await pending.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProtocolViolationError);
      expect(harness.connection.pendingRequests).toBe(0);
      expect(harness.errors).toEqual([error]);
      expect(harness.sent).toHaveLength(1);
      harness.connection.close();
    }
  });

  it('a response id only matches our own requests: a peer request reusing a pending id is a request', async () => {
    const harness = streamHarness();
    const ours = harness.connection.request('ours');
    await harness.waitForSent(1);
    harness.input.write(line({ jsonrpc: '2.0', id: 1, method: 'theirs' }));
    const theirs = await harness.connection.nextMessage();
    expect(theirs).toEqual({ jsonrpc: '2.0', id: 1, method: 'theirs' });
    harness.connection.respond(1, 'to them');
    harness.input.write(line({ jsonrpc: '2.0', id: 1, result: 'to us' }));
    await expect(ours).resolves.toBe('to us');
    expect(harness.sent[1]).toEqual({ jsonrpc: '2.0', id: 1, result: 'to them' });
    harness.connection.close();
  });

  it('tolerates a UTF-8 byte order mark at the start of the input', async () => {
    const harness = streamHarness();
    harness.input.write(Buffer.concat([Buffer.from([0xef, 0xbb]), Buffer.from([0xbf])]));
    harness.input.write(line({ jsonrpc: '2.0', method: 'first' }));
    expect((await harness.connection.nextMessage()).method).toBe('first');
    expect(harness.errors).toEqual([]);
    harness.connection.close();
  });

  it('a byte order mark later in the input is not JSON: -32700', async () => {
    const { errors, sent, next } = await feedBadLine(
      '\uFEFF{"jsonrpc":"2.0","method":"m"}\n'.replace(/^/, '\n'),
    );
    expect((errors[0] as ProtocolViolationError).code).toBe('ERR_PARSE');
    expect(sent).toMatchObject([{ id: null, error: { code: -32700 } }]);
    expect(next.method).toBe('still/alive');
  });

  it('invalid UTF-8 inside a string is decoded as U+FFFD, not a failure', async () => {
    const harness = streamHarness();
    harness.input.write(
      Buffer.concat([
        Buffer.from('{"jsonrpc":"2.0","method":"m","params":["'),
        Buffer.from([0xff, 0xc3]),
        Buffer.from('"]}\n'),
      ]),
    );
    expect(await harness.connection.nextMessage()).toEqual({
      jsonrpc: '2.0',
      method: 'm',
      params: ['\uFFFD\uFFFD'],
    });
    harness.connection.close();
  });

  it('survives 100k-deep nesting: a deep array is a batch error, a deep params object is delivered', async () => {
    const depth = 100_000;
    const { errors, sent, next } = await feedBadLine(`${'['.repeat(depth)}${']'.repeat(depth)}\n`);
    expect((errors[0] as ProtocolViolationError).code).toBe('ERR_BATCH_UNSUPPORTED');
    expect(sent).toHaveLength(1);
    expect(next.method).toBe('still/alive');
    const harness = streamHarness();
    harness.input.write(
      `{"jsonrpc":"2.0","method":"deep","params":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}\n`,
    );
    expect((await harness.connection.nextMessage()).method).toBe('deep');
    harness.connection.close();
  });

  it('a deeply nested jsonrpc member does not crash the decoder (issue 8, defect 1)', async () => {
    // The version error text once held JSON.stringify of the member, which overflows the stack.
    const depth = 5000;
    const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const { errors, sent, next } = await feedBadLine(`{"jsonrpc":${deep},"id":3,"method":"m"}\n`);
    expect((errors[0] as ProtocolViolationError).code).toBe('ERR_UNSUPPORTED_VERSION');
    expect(sent).toEqual([{ jsonrpc: '2.0', id: 3, error: { code: -32600, message: expect.any(String) } }]);
    const message = (sent[0] as { error: { message: string } }).error.message;
    expect(message.length).toBeLessThan(200);
    expect(next.method).toBe('still/alive');
  });

  it('a huge jsonrpc member or response id is cut short in the error text', async () => {
    const huge = 'v'.repeat(1_000_000);
    const version = await feedBadLine(line({ jsonrpc: huge, id: 3, method: 'm' }));
    expect(version.errors[0]?.message.length).toBeLessThan(200);
    expect((version.sent[0] as { error: { message: string } }).error.message.length).toBeLessThan(200);
    const unknown = await feedBadLine(line({ jsonrpc: '2.0', id: huge, result: {} }));
    expect((unknown.errors[0] as ProtocolViolationError).code).toBe('ERR_UNKNOWN_RESPONSE_ID');
    expect(unknown.errors[0]?.message.length).toBeLessThan(200);
    expect(unknown.next.method).toBe('still/alive');
  });

  it('a "__proto__" member is data: it neither supplies fields nor changes the prototype', async () => {
    const { errors, sent, next } = await feedBadLine(
      '{"jsonrpc":"2.0","__proto__":{"id":7,"method":"evil"}}\n',
    );
    expect((errors[0] as ProtocolViolationError).code).toBe('ERR_INVALID_MESSAGE');
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.any(String) } },
    ]);
    expect(next.method).toBe('still/alive');
    const harness = streamHarness();
    harness.input.write('{"jsonrpc":"2.0","method":"m","params":{"__proto__":{"polluted":true}}}\n');
    const message = await harness.connection.nextMessage();
    expect(Object.getPrototypeOf(message.params)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    harness.connection.close();
  });
});
