import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ConnectionClosedError, fromStreams } from '../index.js';
import { closed, streamHarness, turn } from '../test-support/streams.js';

const line = (value: unknown): string => `${JSON.stringify(value)}\n`;

/** Records the order of error/close events. */
function recordEvents(harness: ReturnType<typeof streamHarness>): string[] {
  const events: string[] = [];
  harness.connection.on('error', (e) => events.push(`error:${e.message}`));
  harness.connection.on('close', () => events.push('close'));
  return events;
}

describe('fromStreams: closing', () => {
  it('close(): pending requests reject no-response, output ends once, the input stays open', async () => {
    const harness = streamHarness();
    const events = recordEvents(harness);
    let ends = 0;
    harness.output.on('finish', () => ends++);
    const pending = harness.connection.request('slow');
    await harness.waitForSent(1);
    harness.connection.close();
    harness.connection.close();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionClosedError);
    expect((error as ConnectionClosedError).outcome).toBe('no-response');
    await turn();
    expect(events).toEqual(['close']);
    expect(ends).toBe(1);
    expect(harness.input.destroyed).toBe(false);
    expect(harness.connection.closed).toBe(true);
  });

  it('close() writes what was sent before it, then ends the output', async () => {
    const harness = streamHarness();
    harness.connection.respond(1, 'last words');
    harness.connection.close();
    await new Promise((resolve) => harness.output.once('end', resolve));
    expect(harness.sent).toEqual([{ jsonrpc: '2.0', id: 1, result: 'last words' }]);
  });

  it('after close: sends reject or throw ConnectionClosedError not-sent; nextMessage drains then rejects', async () => {
    const harness = streamHarness();
    harness.input.write(line({ jsonrpc: '2.0', method: 'queued' }));
    await turn();
    harness.connection.close();
    expect((await harness.connection.nextMessage()).method).toBe('queued');
    const next = await harness.connection.nextMessage().catch((e: unknown) => e);
    expect(next).toBeInstanceOf(ConnectionClosedError);
    expect((next as ConnectionClosedError).outcome).toBeUndefined();
    const request = await harness.connection.request('late').catch((e: unknown) => e);
    expect(request).toMatchObject({ code: 'ERR_CONNECTION_CLOSED', outcome: 'not-sent' });
    expect(() => harness.connection.notify('late')).toThrow(ConnectionClosedError);
    expect(() => harness.connection.respond(1, {})).toThrow(ConnectionClosedError);
    expect(() => harness.connection.respondError(1, -1, 'x')).toThrow(ConnectionClosedError);
  });

  it('a waiting nextMessage() rejects when the connection closes', async () => {
    const harness = streamHarness();
    const waiting = harness.connection.nextMessage();
    harness.connection.close();
    await expect(waiting).rejects.toBeInstanceOf(ConnectionClosedError);
  });

  it('closes when the input ends; pending requests reject no-response', async () => {
    const harness = streamHarness();
    const events = recordEvents(harness);
    const pending = harness.connection.request('x');
    await harness.waitForSent(1);
    harness.input.end();
    await expect(pending).rejects.toMatchObject({ outcome: 'no-response' });
    await turn();
    expect(events).toEqual(['close']);
  });

  it('messages accepted just before a peer-side close are still written; requests among them count as sent', async () => {
    const harness = streamHarness();
    const done = closed(harness.connection);
    let asked: Promise<unknown> | undefined;
    // Inside a nextTick the input's 'close' (also a nextTick) comes before the write-coalescing
    // microtask: the connection closes with both messages still queued.
    process.nextTick(() => {
      harness.connection.respond('q', 'answer');
      asked = harness.connection.request('asked-at-the-end');
      harness.input.destroy();
    });
    await done;
    await expect(asked).rejects.toMatchObject({ outcome: 'no-response' });
    await harness.waitForSent(2);
    expect(harness.sent[0]).toEqual({ jsonrpc: '2.0', id: 'q', result: 'answer' });
  });

  it('closes when the input is destroyed without an error, reporting no error', async () => {
    const harness = streamHarness();
    const events = recordEvents(harness);
    harness.input.destroy();
    await closed(harness.connection);
    expect(events).toEqual(['close']);
  });

  it('when a stream fails, a request waiting behind back-pressure rejects not-sent, a written one no-response', async () => {
    const input = new PassThrough();
    const stuck = new Writable({ highWaterMark: 1, write: () => undefined });
    const connection = fromStreams(input, stuck);
    connection.on('error', () => undefined);
    const written = connection.request('written');
    await turn();
    const queued = connection.request('queued');
    await turn();
    stuck.destroy(new Error('reset'));
    await expect(written).rejects.toMatchObject({ code: 'ERR_CONNECTION_CLOSED', outcome: 'no-response' });
    await expect(queued).rejects.toMatchObject({ code: 'ERR_CONNECTION_CLOSED', outcome: 'not-sent' });
  });

  it('an input error is reported once, then close; later stream errors and data are not reported', async () => {
    const harness = streamHarness();
    const events = recordEvents(harness);
    harness.input.destroy(new Error('ECONNRESET'));
    await closed(harness.connection);
    harness.output.emit('error', new Error('later'));
    harness.input.emit('data', Buffer.from(line({ jsonrpc: '2.0', method: 'ghost' })));
    await turn();
    expect(events).toEqual(['error:ECONNRESET', 'close']);
    await expect(harness.connection.nextMessage()).rejects.toBeInstanceOf(ConnectionClosedError);
  });

  it('closes when the output is destroyed before finishing', async () => {
    const harness = streamHarness();
    const events = recordEvents(harness);
    harness.output.destroy();
    await closed(harness.connection);
    expect(events).toEqual(['close']);
  });

  it('an output error (a broken pipe) is reported once, then close', async () => {
    const harness = streamHarness();
    const events = recordEvents(harness);
    harness.output.destroy(Object.assign(new Error('EPIPE'), { code: 'EPIPE' }));
    await closed(harness.connection);
    expect(events).toEqual(['error:EPIPE', 'close']);
  });

  it('an output ended on purpose lets the input finish: reads go on, sends stop', async () => {
    const harness = streamHarness();
    const events = recordEvents(harness);
    const answered = harness.connection.request('answered-later');
    await harness.waitForSent(1);
    harness.output.end();
    await new Promise((resolve) => harness.output.once('finish', resolve));
    harness.output.resume();
    await turn();
    expect(harness.connection.closed).toBe(false);
    await expect(harness.connection.request('x')).rejects.toMatchObject({ outcome: 'not-sent' });
    expect(() => harness.connection.notify('x')).toThrow(ConnectionClosedError);
    harness.input.write(
      line({ jsonrpc: '2.0', method: 'still-read' }) + line({ jsonrpc: '2.0', id: 1, result: 7 }),
    );
    expect((await harness.connection.nextMessage()).method).toBe('still-read');
    await expect(answered).resolves.toBe(7);
    harness.input.end();
    await closed(harness.connection);
    expect(events).toEqual(['close']);
  });

  it('on an already-ended input: closed at once, close reported after listeners attach', async () => {
    const input = new PassThrough();
    input.end();
    input.resume();
    await new Promise((resolve) => input.once('end', resolve));
    const connection = fromStreams(input, new PassThrough());
    expect(connection.closed).toBe(true);
    await expect(connection.request('x')).rejects.toMatchObject({ outcome: 'not-sent' });
    const events: string[] = [];
    connection.on('error', (e) => events.push(`error:${e.message}`));
    connection.on('close', () => events.push('close'));
    await turn();
    await turn();
    expect(events).toEqual(['close']);
  });

  it('on an already-failed stream: error, then close, after listeners attach', async () => {
    const output = new PassThrough();
    output.on('error', () => undefined);
    output.destroy(new Error('broken before'));
    await new Promise((resolve) => output.once('close', resolve));
    const connection = fromStreams(new PassThrough(), output);
    expect(connection.closed).toBe(true);
    const events: string[] = [];
    connection.on('error', (e) => events.push(`error:${e.message}`));
    connection.on('close', () => events.push('close'));
    await turn();
    expect(events).toEqual(['error:broken before', 'close']);
  });

  it('a throwing close listener does not stop the release: output ended once, input untouched', async () => {
    const harness = streamHarness();
    harness.connection.on('close', () => {
      throw new Error('listener bug');
    });
    expect(() => harness.connection.close()).toThrow('listener bug');
    expect(harness.output.writableEnded).toBe(true);
    expect(harness.input.destroyed).toBe(false);
    expect(harness.connection.closed).toBe(true);
    expect(() => harness.connection.close()).not.toThrow();
  });

  it('close() after the peer closed still releases the output once', async () => {
    const harness = streamHarness();
    harness.input.end();
    await closed(harness.connection);
    expect(harness.output.writableEnded).toBe(false);
    harness.connection.close();
    expect(harness.output.writableEnded).toBe(true);
  });

  it('a listener that closes the connection and then throws: close is the last event', async () => {
    const harness = streamHarness();
    const events = recordEvents(harness);
    harness.connection.on('request', () => {
      harness.connection.close();
      throw new Error('after close');
    });
    harness.connection.on('notification', () => {
      harness.connection.close();
      throw 'not an error';
    });
    const done = closed(harness.connection);
    harness.input.write(line({ jsonrpc: '2.0', id: 1, method: 'a' }) + line({ jsonrpc: '2.0', method: 'b' }));
    await done;
    await turn();
    expect(events).toEqual(['close']);
    expect((await harness.connection.nextMessage()).method).toBe('a');
    await expect(harness.connection.nextMessage()).rejects.toBeInstanceOf(ConnectionClosedError);
  });

  it('an async listener that rejects after the connection closed reports nothing', async () => {
    const harness = streamHarness();
    const events = recordEvents(harness);
    let rejected: Promise<void> | undefined;
    harness.connection.on('request', () => {
      rejected = (async () => {
        await turn();
        throw new Error('too late');
      })();
      return rejected;
    });
    harness.input.write(line({ jsonrpc: '2.0', id: 1, method: 'a' }));
    await harness.connection.nextMessage();
    harness.connection.close();
    await rejected?.catch(() => undefined);
    await turn();
    expect(events).toEqual(['close']);
  });

  it('re-entrant calls from a close listener: close() is a no-op, sends fail not-sent', async () => {
    const harness = streamHarness();
    const seen: unknown[] = [];
    let closes = 0;
    harness.connection.on('close', () => {
      closes++;
      harness.connection.close();
      seen.push(harness.connection.request('late').catch((e: unknown) => e));
    });
    harness.input.end();
    await closed(harness.connection);
    expect(closes).toBe(1);
    expect(await seen[0]).toMatchObject({ code: 'ERR_CONNECTION_CLOSED', outcome: 'not-sent' });
    expect(harness.output.writableEnded).toBe(true);
  });
});
