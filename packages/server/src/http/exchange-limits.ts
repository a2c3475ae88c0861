/**
 * What one exchange may hold for a client that reads slowly or not at all, shared by the node
 * and fetch front ends.
 * @module
 */

import type { BufferBudget } from './buffer-budget.js';
import { DEFAULT_SEND_TIMEOUT_MS } from './paced-writer.js';

/**
 * Default bytes an SSE reader may leave unread before its connection is dropped: 8 MiB, room
 * for a burst of large progress or log events, small enough that a stuck reader costs little.
 */
export const DEFAULT_MAX_STREAM_BUFFER_BYTES = 8 * 1024 * 1024;

/** Limits an exchange applies to its response; resolved once per handler. */
export interface ExchangeLimits {
  /** How long a client may take no bytes before it is disconnected (node front end); `Infinity`: never. */
  readonly sendTimeoutMs: number;
  /** Unread SSE bytes after which the stream is dropped. */
  readonly maxStreamBufferBytes: number;
  /** Unread answer bytes per principal and in total (node front end); undefined: not counted. */
  readonly buffers?: BufferBudget | undefined;
  /** Who an exchange's `auth` names, asked only when a response is counted in `buffers`. */
  readonly principalOf?: ((auth: unknown) => string | undefined) | undefined;
}

/** The defaults, for exchanges built outside a handler. */
export const DEFAULT_EXCHANGE_LIMITS: ExchangeLimits = Object.freeze({
  sendTimeoutMs: DEFAULT_SEND_TIMEOUT_MS,
  maxStreamBufferBytes: DEFAULT_MAX_STREAM_BUFFER_BYTES,
});
