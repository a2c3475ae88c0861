import type { Exchange } from './exchange.js';
import type { HttpRejection } from './rejection.js';

/** Answers a rejection: its status, its headers and its JSON-RPC error body. */
export function sendRejection(exchange: Exchange, rejection: HttpRejection): void {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (rejection.headers !== undefined) Object.assign(headers, rejection.headers);
  // A body we did not read leaves the connection unusable for the next request.
  if (rejection.status === 413) headers['connection'] = 'close';
  exchange.send(rejection.status, headers, rejection.toBody());
}
