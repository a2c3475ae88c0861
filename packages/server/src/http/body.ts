import type { IncomingMessage } from 'node:http';
import { HttpErrorCode, HttpRejection } from './rejection.js';

/** Default cap on a POST body: 4 MiB, like the Go SDK. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Default cap on an `initialize` body: a real handshake is a few hundred bytes (issue 19). */
export const DEFAULT_MAX_INITIALIZE_BYTES = 64 * 1024;

/**
 * Default cap on request header bytes. Node enforces header size per server, so pass
 * this (or your own) as `http.createServer({ maxHeaderSize })`; `run()` does.
 */
export const DEFAULT_MAX_HEADER_BYTES = 16 * 1024;

/**
 * How much of an oversize body is read and discarded before the 413 goes out. Closing a socket
 * with unread bytes in it makes the kernel answer with a reset, and a client still uploading
 * then loses the 413 it was sent; past this bound the sender is abusive and gets the reset.
 */
export const DEFAULT_MAX_DISCARD_BYTES = 1024 * 1024;

function tooLarge(limit: number): HttpRejection {
  return new HttpRejection(413, HttpErrorCode.InvalidRequest, `Request body exceeds ${limit} bytes`);
}

/** Reads and drops the rest of `req` (up to {@link DEFAULT_MAX_DISCARD_BYTES}), then rejects. */
function discardThenReject(req: IncomingMessage, limit: number, reject: (error: unknown) => void): void {
  let discarded = 0;
  const done = (): void => {
    req.off('data', onData);
    req.off('end', done);
    req.off('error', done);
    req.off('close', done);
    reject(tooLarge(limit));
  };
  const onData = (chunk: Buffer): void => {
    discarded += chunk.length;
    if (discarded > DEFAULT_MAX_DISCARD_BYTES) done();
  };
  req.on('data', onData);
  req.on('end', done);
  req.on('error', done);
  req.on('close', done);
  req.resume();
}

/**
 * Reads a node request body as UTF-8, refusing (413) as soon as it passes `limit`
 * bytes; a declared `Content-Length` over the limit is refused before reading.
 */
export function readNodeBody(req: IncomingMessage, limit: number): Promise<string> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) {
    return new Promise((_, reject) => discardThenReject(req, limit, reject));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        discardThenReject(req, limit, reject);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      // No listener removal: nothing follows 'end' but a possible 'error', which a settled
      // promise ignores, and removing them costs more than the rest of the read.
      const whole = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
      resolve(whole.toString('utf8'));
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    const cleanup = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/** Reads a fetch `Request` body as UTF-8 with the same limit semantics as {@link readNodeBody}. */
export async function readRequestBody(request: Request, limit: number): Promise<string> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
