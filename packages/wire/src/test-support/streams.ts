import { PassThrough } from 'node:stream';
import { type Connection, type ConnectionOptions, fromStreams } from '../index.js';

/** A connection over two PassThroughs: write peer bytes to `input`, read what it sends from `sent`. */
export interface StreamHarness {
  connection: Connection;
  input: PassThrough;
  output: PassThrough;
  /** Every line the connection wrote, parsed. */
  sent: unknown[];
  errors: Error[];
  /** Resolves once `count` lines were written in total. */
  waitForSent(count: number): Promise<unknown[]>;
}

export function streamHarness(options?: ConnectionOptions): StreamHarness {
  const input = new PassThrough();
  const output = new PassThrough();
  const connection = fromStreams(input, output, options);
  const sent: unknown[] = [];
  const errors: Error[] = [];
  connection.on('error', (error) => errors.push(error));
  let buffered = '';
  const waiters: Array<{ count: number; resolve(lines: unknown[]): void }> = [];
  output.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let newline = buffered.indexOf('\n');
    while (newline !== -1) {
      sent.push(JSON.parse(buffered.slice(0, newline)));
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
    }
    for (const waiter of waiters.filter((w) => sent.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(sent);
    }
  });
  const waitForSent = (count: number): Promise<unknown[]> =>
    sent.length >= count ? Promise.resolve(sent) : new Promise((resolve) => waiters.push({ count, resolve }));
  return { connection, input, output, sent, errors, waitForSent };
}

/** Resolves after the next `close` event (unlike `events.once`, an `error` before it does not reject). */
export function closed(connection: Connection): Promise<void> {
  return new Promise((resolve) => connection.once('close', resolve));
}

/** Lets pending I/O callbacks and immediates run. */
export function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
