import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fromStreams } from '../index.js';

describe('back-pressure', () => {
  it('queues while write() returns false and flushes on drain, with one drain listener', async () => {
    const chunks: string[] = [];
    let release: (() => void) | undefined;
    const slow = new Writable({
      highWaterMark: 16,
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk.toString());
        release = callback;
      },
    });
    const connection = fromStreams(new PassThrough(), slow);
    const drainListeners = slow.listenerCount('drain');
    connection.notify('first', { pad: 'x'.repeat(32) });
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toHaveLength(1);
    for (let i = 0; i < 100; i++) connection.notify('queued', { i });
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toHaveLength(1);
    expect(slow.listenerCount('drain')).toBe(drainListeners);
    release?.();
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toHaveLength(2);
    expect(chunks[1]?.split('\n').filter(Boolean)).toHaveLength(100);
    release?.();
    connection.close();
  });

  it('64k pipelined requests over a slow pipe raise no MaxListenersExceededWarning', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error): void => {
      warnings.push(warning);
    };
    process.on('warning', onWarning);
    try {
      const toPeer = new PassThrough({ highWaterMark: 1024 });
      const fromPeer = new PassThrough();
      const connection = fromStreams(fromPeer, toPeer, { requestTimeoutMs: 0 });
      const total = 65_536;
      const results: Array<Promise<unknown>> = [];
      const shared = new AbortController();
      for (let i = 0; i < total; i++) {
        // Half the requests share one AbortSignal: one listener on it, not one per request.
        results.push(connection.request('echo', { i }, i % 2 === 0 ? { signal: shared.signal } : {}));
        if (i % 4096 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      // The peer reads slowly, answering every request it sees.
      let buffered = '';
      toPeer.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        fromPeer.write(
          lines
            .map((l) => `{"jsonrpc":"2.0","id":${(JSON.parse(l) as { id: number }).id},"result":1}\n`)
            .join(''),
        );
      });
      const settled = await Promise.all(results);
      expect(settled).toHaveLength(total);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
      expect(toPeer.listenerCount('drain')).toBeLessThanOrEqual(1);
      connection.close();
    } finally {
      process.off('warning', onWarning);
    }
  });
});
