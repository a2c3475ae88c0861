import { describe, expect, it } from 'vitest';
import { ConnectionTimeoutError } from '../index.js';
import { streamHarness } from '../test-support/streams.js';
import { resolveOptions } from './options.js';

describe('connection options', () => {
  it('a timeout of Infinity or one past the timer range never fires early', async () => {
    for (const timeoutMs of [Number.POSITIVE_INFINITY, 2 ** 31, 30 * 24 * 3600 * 1000]) {
      const { connection, input, waitForSent } = streamHarness({ requestTimeoutMs: timeoutMs });
      const pending = connection.request('slow');
      const perCall = connection.request('slow', undefined, { timeoutMs });
      await new Promise((resolve) => setTimeout(resolve, 20));
      await waitForSent(2);
      input.write('{"jsonrpc":"2.0","id":1,"result":"a"}\n{"jsonrpc":"2.0","id":2,"result":"b"}\n');
      await expect(pending).resolves.toBe('a');
      await expect(perCall).resolves.toBe('b');
      connection.close();
    }
  });

  it('rejects settings that would silently disable a limit or a timeout', () => {
    for (const bad of [
      { requestTimeoutMs: -1 },
      { requestTimeoutMs: Number.NaN },
      { maxMessageBytes: Number.NaN },
      { maxMessageBytes: 0 },
      { maxMessageBytes: -5 },
      { maxMessageBytes: 1.5 },
    ]) {
      expect(() => resolveOptions(bad), JSON.stringify(bad)).toThrow(RangeError);
    }
    expect(resolveOptions({ requestTimeoutMs: 0, maxMessageBytes: 1 })).toMatchObject({
      requestTimeoutMs: 0,
      maxMessageBytes: 1,
    });
  });

  it('a per-request timeout that is negative or NaN is refused, 0 disables it', async () => {
    const { connection } = streamHarness({ requestTimeoutMs: 10 });
    await expect(connection.request('x', undefined, { timeoutMs: -1 })).rejects.toBeInstanceOf(RangeError);
    await expect(connection.request('x', undefined, { timeoutMs: Number.NaN })).rejects.toBeInstanceOf(
      RangeError,
    );
    expect(connection.pendingRequests).toBe(0);
    await expect(connection.request('x')).rejects.toBeInstanceOf(ConnectionTimeoutError);
    connection.close();
  });
});
