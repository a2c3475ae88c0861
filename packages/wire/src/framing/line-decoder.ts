import { Buffer } from 'node:buffer';
import { MessageTooLargeError } from '../errors/local-error.js';

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** A complete line (without `\n`, trailing `\r` removed) or the report of one skipped as too large. */
export type DecodedLine = string | MessageTooLargeError;

/**
 * Splits a byte stream into lines on `\n` only. Linear in input size: only the new chunk is
 * scanned, partial lines are kept as a list of chunks and joined once, and UTF-8 is decoded once
 * per complete line (so multi-byte characters split across chunks survive). A line longer than
 * `maxMessageBytes` is reported as soon as the limit is crossed and its bytes are discarded as
 * they arrive, up to the next `\n`.
 */
export class LineDecoder {
  readonly maxMessageBytes: number;
  #parts: Buffer[] = [];
  #partBytes = 0;
  #discarding = false;

  constructor(maxMessageBytes = 16 * 1024 * 1024) {
    this.maxMessageBytes = maxMessageBytes;
  }

  /** Bytes held for the line in progress. */
  get bufferedBytes(): number {
    return this.#partBytes;
  }

  /** Feeds a chunk; returns the lines it completed, in order. */
  push(chunk: Uint8Array | string): DecodedLine[] {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : asBuffer(chunk);
    const lines: DecodedLine[] = [];
    let start = 0;
    for (;;) {
      const end = bytes.indexOf(NEWLINE, start);
      if (end === -1) {
        this.#keep(bytes, start, lines);
        return lines;
      }
      this.#complete(bytes, start, end, lines);
      start = end + 1;
    }
  }

  /**
   * Ends the input. Returns the number of bytes of an unterminated last line (dropped:
   * every message must end with `\n`), or 0.
   */
  end(): number {
    const leftover = this.#discarding ? 0 : this.#partBytes;
    this.#reset();
    return leftover;
  }

  #keep(bytes: Buffer, start: number, lines: DecodedLine[]): void {
    const length = bytes.length - start;
    if (length === 0 || this.#discarding) return;
    if (this.#partBytes + length > this.maxMessageBytes) {
      this.#reset();
      this.#discarding = true;
      lines.push(new MessageTooLargeError(this.maxMessageBytes));
      return;
    }
    this.#parts.push(start === 0 ? bytes : bytes.subarray(start));
    this.#partBytes += length;
  }

  #complete(bytes: Buffer, start: number, end: number, lines: DecodedLine[]): void {
    if (this.#discarding) {
      this.#discarding = false;
      return;
    }
    const total = this.#partBytes + (end - start);
    let stop = end;
    if (this.#parts.length === 0) {
      if (stop > start && bytes[stop - 1] === CARRIAGE_RETURN) stop--;
      if (total > this.maxMessageBytes) lines.push(new MessageTooLargeError(this.maxMessageBytes));
      else if (stop > start) lines.push(bytes.toString('utf8', start, stop));
      return;
    }
    this.#parts.push(bytes.subarray(start, end));
    const joined = Buffer.concat(this.#parts, total);
    this.#reset();
    if (total > this.maxMessageBytes) {
      lines.push(new MessageTooLargeError(this.maxMessageBytes));
      return;
    }
    const length = joined[total - 1] === CARRIAGE_RETURN ? total - 1 : total;
    if (length > 0) lines.push(joined.toString('utf8', 0, length));
  }

  #reset(): void {
    this.#parts = [];
    this.#partBytes = 0;
    this.#discarding = false;
  }
}

function asBuffer(chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
