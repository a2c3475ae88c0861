import { Buffer } from 'node:buffer';
import { checkMaxMessageBytes, DEFAULT_MAX_MESSAGE_BYTES } from '../connection/options.js';
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
  /** No line completed yet: a UTF-8 byte order mark here is dropped (RFC 8259 allows ignoring it). */
  #atStreamStart = true;

  /** @throws RangeError unless `maxMessageBytes` is a positive integer or Infinity. */
  constructor(maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES) {
    checkMaxMessageBytes(maxMessageBytes);
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
    // One byte over is still fine if it is the `\r` of a `\r\n` ending (plus a BOM at the start).
    const first = this.#parts[0]?.[0] ?? bytes[start];
    const bomAllowance = this.#atStreamStart && first === BOM[0] ? BOM.length : 0;
    const over = this.#partBytes + length - this.maxMessageBytes - bomAllowance;
    if (over > 1 || (over === 1 && bytes[bytes.length - 1] !== CARRIAGE_RETURN)) {
      this.#reset();
      this.#discarding = true;
      this.#atStreamStart = false;
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
    const atStreamStart = this.#atStreamStart;
    this.#atStreamStart = false;
    if (this.#parts.length === 0) {
      let from = start;
      let stop = end;
      if (stop > from && bytes[stop - 1] === CARRIAGE_RETURN) stop--;
      if (atStreamStart && startsWithBom(bytes, from, stop)) from += BOM.length;
      if (stop - from > this.maxMessageBytes) lines.push(new MessageTooLargeError(this.maxMessageBytes));
      else if (stop > from) lines.push(bytes.toString('utf8', from, stop));
      return;
    }
    const parts = this.#parts;
    const total = this.#partBytes + (end - start);
    const tail = parts[parts.length - 1];
    const last = end > start ? bytes[end - 1] : tail?.[tail.length - 1];
    const stop = last === CARRIAGE_RETURN ? total - 1 : total;
    // Checked before joining: a line known to be too large is never copied.
    if (stop - (atStreamStart && parts[0]?.[0] === BOM[0] ? BOM.length : 0) > this.maxMessageBytes) {
      this.#reset();
      lines.push(new MessageTooLargeError(this.maxMessageBytes));
      return;
    }
    parts.push(bytes.subarray(start, end));
    const joined = Buffer.concat(parts, total);
    this.#reset();
    const from = atStreamStart && startsWithBom(joined, 0, stop) ? BOM.length : 0;
    if (stop > from) {
      if (stop - from > this.maxMessageBytes) lines.push(new MessageTooLargeError(this.maxMessageBytes));
      else lines.push(joined.toString('utf8', from, stop));
    }
  }

  #reset(): void {
    this.#parts = [];
    this.#partBytes = 0;
    this.#discarding = false;
  }
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

function startsWithBom(bytes: Buffer, from: number, stop: number): boolean {
  return stop - from >= 3 && bytes[from] === 0xef && bytes[from + 1] === 0xbb && bytes[from + 2] === 0xbf;
}

function asBuffer(chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
