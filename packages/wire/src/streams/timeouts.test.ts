import { describe, expect, it } from 'vitest';
import { ConnectionTimeoutError, LocalError } from '../index.js';
import { streamHarness, turn } from '../test-support/streams.js';

describe('request timeouts and cancellation', () => {
  it('rejects with ConnectionTimeoutError after the per-request timeout, and a late answer stays quiet', async () => {
    const { connection, input, errors, waitForSent } = streamHarness();
    const started = Date.now();
    const error = await connection.request('slow', undefined, { timeoutMs: 30 }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(error).toBeInstanceOf(ConnectionTimeoutError);
    expect(error).toBeInstanceOf(LocalError);
    expect(error).toMatchObject({
      code: 'ERR_TIMEOUT',
      outcome: 'no-response',
      method: 'slow',
      timeoutMs: 30,
    });
    await waitForSent(1);
    input.write('{"jsonrpc":"2.0","id":1,"result":"too late"}\n');
    await turn();
    expect(errors).toEqual([]);
    expect(connection.pendingRequests).toBe(0);
    connection.close();
  });

  it('uses the connection default, and 0 disables it', async () => {
    const { connection, input, waitForSent } = streamHarness({ requestTimeoutMs: 20 });
    await expect(connection.request('a')).rejects.toBeInstanceOf(ConnectionTimeoutError);
    const untimed = connection.request('b', undefined, { timeoutMs: 0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await waitForSent(2);
    input.write('{"jsonrpc":"2.0","id":2,"result":"fine"}\n');
    await expect(untimed).resolves.toBe('fine');
    connection.close();
  });

  it('an AbortSignal stops the wait with the signal reason', async () => {
    const { connection, waitForSent } = streamHarness();
    const controller = new AbortController();
    const pending = connection.request('long', undefined, { signal: controller.signal });
    await waitForSent(1);
    const reason = new Error('user cancelled');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(connection.pendingRequests).toBe(0);
    connection.close();
  });

  it('an already-aborted signal rejects without sending; the default reason is an AbortError', async () => {
    const { connection, sent } = streamHarness();
    const error = await connection
      .request('x', undefined, { signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    await turn();
    expect(sent).toEqual([]);
    connection.close();
  });

  it('requests sharing a signal are all cancelled by it', async () => {
    const { connection, waitForSent } = streamHarness();
    const controller = new AbortController();
    const a = connection.request('a', undefined, { signal: controller.signal });
    const b = connection.request('b', undefined, { signal: controller.signal });
    const other = connection.request('c');
    await waitForSent(3);
    controller.abort(new Error('stop'));
    await expect(a).rejects.toThrow('stop');
    await expect(b).rejects.toThrow('stop');
    expect(connection.pendingRequests).toBe(1);
    connection.close();
    await expect(other).rejects.toMatchObject({ outcome: 'no-response' });
  });

  it('a request that settles removes its abort listener', async () => {
    const { connection, input, waitForSent } = streamHarness();
    const controller = new AbortController();
    const pending = connection.request('x', undefined, { signal: controller.signal });
    await waitForSent(1);
    input.write('{"jsonrpc":"2.0","id":1,"result":1}\n');
    await expect(pending).resolves.toBe(1);
    controller.abort();
    expect(connection.pendingRequests).toBe(0);
    connection.close();
  });

  it('remembers only the last 1024 abandoned ids: memory stays bounded, older late answers are reported', async () => {
    const { connection, input, errors, waitForSent } = streamHarness();
    const total = 1500;
    const all = Array.from({ length: total }, () =>
      connection.request('slow', undefined, { timeoutMs: 1 }).catch((e: unknown) => e),
    );
    await Promise.all(all);
    await waitForSent(total);
    // The newest abandoned id stays quiet; the oldest has been forgotten.
    input.write(`{"jsonrpc":"2.0","id":${total},"result":1}\n{"jsonrpc":"2.0","id":1,"result":1}\n`);
    await turn();
    expect(errors.map((e) => (e as { code?: string }).code)).toEqual(['ERR_UNKNOWN_RESPONSE_ID']);
    expect(errors[0]?.message).toMatch(/id 1$/);
    connection.close();
  });
});
