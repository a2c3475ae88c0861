/**
 * Writing to a client that may stop reading.
 *
 * Node buffers whatever a response is given, however long its client takes to read it: 30
 * connections that never read a 4 MiB answer held about 600 MB, for as long as they stayed
 * open (issue 8, defect 12). A {@link PacedWriter} hands node a large body one piece at a time,
 * the next after `drain`, so it sees the client take bytes; a client that takes none for the
 * send timeout is disconnected, and what was waiting for it is released.
 * @module
 */

import type { ServerResponse } from 'node:http';
import type { BufferCharge } from './buffer-budget.js';

/**
 * Default time a client may take no bytes of a response before it is disconnected: 30 s.
 * Generous for a slow network (a 64 KiB piece at 20 kbit/s), short against a reader that left.
 */
export const DEFAULT_SEND_TIMEOUT_MS = 30_000;

/**
 * Largest piece handed to node at a time; also where a plain answer starts being paced
 * (a smaller one is written in one go, as before: the socket's buffers take it at once).
 */
export const PIECE_BYTES = 64 * 1024;

/**
 * How long a client may take no bytes while the budget of unread bytes is exceeded: a reader
 * that keeps up drains a piece in milliseconds, one that stopped is dropped this soon instead
 * of after the whole send timeout.
 */
export const OVER_BUDGET_STALL_MS = 1_000;

/**
 * Writes to one response with back-pressure: small writes go straight through while node
 * keeps up, a large body (or anything written while node waits for `drain`) is queued in
 * pieces. While node waits for `drain`, a timer runs; if it fires, the connection is destroyed.
 * With a `charge`, the bytes it holds unread are counted in a shared budget; while the budget is
 * exceeded, the client may take no bytes for {@link OVER_BUDGET_STALL_MS} only.
 */
export class PacedWriter {
  readonly #res: ServerResponse;
  readonly #timeoutMs: number;
  readonly #queue: Buffer[] = [];
  #queuedBytes = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Node's buffer is past its mark: write nothing more until `drain`. */
  #waiting = false;
  #ending = false;
  #listening = false;
  readonly #charge: BufferCharge | undefined;
  /** The budget was exceeded when last counted. */
  #over = false;

  /** `timeoutMs`: `Infinity` never disconnects. */
  constructor(res: ServerResponse, timeoutMs: number, charge?: BufferCharge) {
    this.#res = res;
    this.#timeoutMs = timeoutMs;
    this.#charge = charge;
    // Whatever node still held when the response ended stops counting then.
    if (charge !== undefined) res.once('close', () => charge.release());
  }

  /** Bytes given but not yet taken by the kernel: queued here plus buffered by node. */
  get unflushed(): number {
    return this.#queuedBytes + this.#res.writableLength;
  }

  /** Queues `data`; a string is written as UTF-8. A destroyed response drops it. */
  write(data: string | Buffer): void {
    const res = this.#res;
    if (res.destroyed || this.#ending) return;
    if (!this.#waiting && this.#queue.length === 0 && data.length <= PIECE_BYTES) {
      if (!res.write(data)) this.#wait();
      this.#account();
      return;
    }
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    for (let start = 0; start < bytes.length; start += PIECE_BYTES) {
      this.#queue.push(bytes.subarray(start, start + PIECE_BYTES));
    }
    this.#queuedBytes += bytes.length;
    if (!this.#waiting) this.#flush();
    this.#account();
  }

  /** Ends the response once everything queued is written. */
  end(): void {
    if (this.#ending) return;
    this.#ending = true;
    if (!this.#waiting && this.#queue.length === 0 && !this.#res.destroyed) this.#res.end();
  }

  #flush(): void {
    const res = this.#res;
    while (this.#queue.length > 0) {
      if (res.destroyed) {
        this.#release();
        return;
      }
      const piece = this.#queue.shift() as Buffer;
      this.#queuedBytes -= piece.length;
      if (!res.write(piece)) {
        this.#wait();
        return;
      }
    }
    if (this.#ending && !res.destroyed) res.end();
  }

  #wait(): void {
    const res = this.#res;
    if (!this.#listening) {
      this.#listening = true;
      res.on('drain', this.#onDrain);
      res.once('close', this.#onClose);
    }
    this.#waiting = true;
    this.#arm(this.#over ? Math.min(OVER_BUDGET_STALL_MS, this.#timeoutMs) : this.#timeoutMs);
  }

  #arm(timeoutMs: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (timeoutMs === Number.POSITIVE_INFINITY) return;
    this.#timer = setTimeout(this.#onStall, timeoutMs);
    this.#timer.unref();
  }

  readonly #onDrain = (): void => {
    if (!this.#waiting) return;
    this.#waiting = false;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#flush();
    this.#account();
  };

  readonly #onStall = (): void => {
    this.#timer = undefined;
    // The client took nothing for the whole timeout: it is gone or hostile.
    this.#res.destroy();
    this.#release();
  };

  readonly #onClose = (): void => {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#release();
  };

  #release(): void {
    this.#waiting = false;
    this.#queue.length = 0;
    this.#queuedBytes = 0;
    this.#charge?.release();
  }

  /** Counts what is held now; past the budget, a client waited for gets the short stall timeout. */
  #account(): void {
    const charge = this.#charge;
    if (charge === undefined) return;
    if (this.#res.destroyed) {
      this.#release();
      return;
    }
    const over = !charge.set(this.unflushed);
    if (over && !this.#over && this.#waiting) this.#arm(Math.min(OVER_BUDGET_STALL_MS, this.#timeoutMs));
    this.#over = over;
  }
}
