/**
 * An incremental HTTP/1.1 response parser for a keep-alive connection with one request
 * in flight: status line, headers, and a body framed by Content-Length or chunked
 * transfer coding (what SSE responses use). Enough for a load driver, nothing more.
 */

const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

export class ResponseParser {
  #buffer = Buffer.alloc(0);
  #state = 'head';
  #response = null;
  #remaining = 0;
  #bodyParts = [];

  constructor(onResponse) {
    this.onResponse = onResponse;
  }

  /** Feeds bytes; calls `onResponse({ status, headers, body })` per complete response. */
  push(chunk) {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    while (this.#step()) {}
  }

  #step() {
    const buf = this.#buffer;
    switch (this.#state) {
      case 'head': {
        const end = buf.indexOf(HEAD_END);
        if (end === -1) return false;
        this.#response = parseHead(buf.toString('latin1', 0, end));
        this.#buffer = buf.subarray(end + 4);
        this.#bodyParts = [];
        const { headers, status } = this.#response;
        if (headers['transfer-encoding']?.toLowerCase().includes('chunked')) {
          this.#state = 'chunk-size';
        } else {
          this.#remaining = status === 204 || status === 304 ? 0 : Number(headers['content-length'] ?? 0);
          this.#state = 'body';
        }
        return true;
      }
      case 'body': {
        if (buf.length < this.#remaining) return false;
        this.#bodyParts.push(buf.subarray(0, this.#remaining));
        this.#buffer = buf.subarray(this.#remaining);
        this.#complete();
        return true;
      }
      case 'chunk-size': {
        const end = buf.indexOf(CRLF);
        if (end === -1) return false;
        const size = Number.parseInt(buf.toString('latin1', 0, end), 16);
        this.#buffer = buf.subarray(end + 2);
        if (Number.isNaN(size)) throw new Error('bad chunk size');
        this.#remaining = size;
        this.#state = size === 0 ? 'trailer' : 'chunk-data';
        return true;
      }
      case 'chunk-data': {
        if (buf.length < this.#remaining + 2) return false;
        this.#bodyParts.push(buf.subarray(0, this.#remaining));
        this.#buffer = buf.subarray(this.#remaining + 2);
        this.#state = 'chunk-size';
        return true;
      }
      case 'trailer': {
        const end = buf.indexOf(CRLF);
        if (end === -1) return false;
        this.#buffer = buf.subarray(end + 2);
        if (end === 0) this.#complete();
        return true;
      }
      default:
        return false;
    }
  }

  #complete() {
    const response = this.#response;
    response.body =
      this.#bodyParts.length === 1
        ? this.#bodyParts[0].toString()
        : Buffer.concat(this.#bodyParts).toString();
    this.#bodyParts = [];
    this.#response = null;
    this.#state = 'head';
    this.onResponse(response);
  }
}

function parseHead(text) {
  const lines = text.split('\r\n');
  const status = Number(lines[0].split(' ')[1]);
  const headers = {};
  for (let i = 1; i < lines.length; i++) {
    const colon = lines[i].indexOf(':');
    if (colon > 0) headers[lines[i].slice(0, colon).trim().toLowerCase()] = lines[i].slice(colon + 1).trim();
  }
  return { status, headers, body: '' };
}
