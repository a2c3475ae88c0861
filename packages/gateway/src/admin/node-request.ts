import type { IncomingMessage } from 'node:http';
import { GatewayError } from '../errors/gateway-error.js';
import type { AdminRequest, BodyFailure } from './admin-exchange.js';

/**
 * A `node:http` request as the JSON APIs of the gateway read it: the body at most `maxBytes`
 * (past the bound the chunks are dropped and the answer is 413), read from the start.
 * @module
 */

function bodyEndedEarly(): GatewayError {
  return new GatewayError('malformed_json', 'the body ended before it was complete');
}

function readNodeBody(req: IncomingMessage, maxBytes: number): Promise<Uint8Array | undefined | BodyFailure> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.byteLength;
      if (size > maxBytes) {
        over = true;
        chunks.length = 0;
        resolve('too_large');
        return;
      }
      chunks.push(chunk);
    });
    let ended = false;
    req.on('end', () => {
      ended = true;
      if (!over) resolve(size === 0 ? undefined : Buffer.concat(chunks));
    });
    // A client gone mid-body: settle, so no request waits forever (nobody reads the answer).
    req.on('close', () => {
      if (!ended && !over) reject(bodyEndedEarly());
    });
    req.on('error', reject);
  });
}

/** A `node:http` request as the admin API (and the approval API) reads it. */
export function nodeRequest(req: IncomingMessage, maxBodyBytes: number): AdminRequest {
  // Listening from the start: a client that leaves while its key is checked is still seen
  // ('close' would have fired before a later listener). The bound holds either way.
  const body = readNodeBody(req, maxBodyBytes);
  body.catch(() => undefined);
  return {
    method: req.method ?? 'GET',
    target: req.url ?? '/',
    header: (name) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    readBody: () => body,
  };
}
