/**
 * A bound on the connections of a listener: every open connection holds memory (its buffers,
 * and an answer its client may be slow to take), so their number bounds what clients can pin.
 * @module
 */

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { HttpErrorCode, HttpRejection } from './rejection.js';

/**
 * Default connections `httpTransport` serves at once: half the usual 1,024 open-file limit,
 * since past that limit `accept()` fails and the process has files and sockets of its own.
 */
export const DEFAULT_MAX_CONNECTIONS = 512;

/** `Retry-After` of a 503 for a connection over the limit: connections turn over in seconds. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

const BUSY_BODY = new HttpRejection(
  503,
  HttpErrorCode.InternalError,
  'Service Unavailable: too many connections, retry later',
).toBody();

const BUSY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'application/json',
  'content-length': String(Buffer.byteLength(BUSY_BODY)),
  'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
  connection: 'close',
});

/**
 * Counts `listener`'s connections. Returns a check for each request: on a connection opened
 * while `max` others were open, it answers 503 with `Retry-After` and `Connection: close`
 * and returns true. (Node's own `maxConnections` drops such a socket without a word.)
 */
export function limitConnections(
  listener: Server,
  max: number,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const over = new WeakSet<Socket>();
  let open = 0;
  listener.on('connection', (socket: Socket) => {
    open++;
    socket.once('close', () => {
      open--;
    });
    if (open > max) over.add(socket);
  });
  return (req, res) => {
    if (!over.has(req.socket)) return false;
    res.writeHead(503, BUSY_HEADERS).end(BUSY_BODY);
    return true;
  };
}
