/** Settings shared by every transport. */
export interface ConnectionOptions {
  /**
   * Default timeout of `request()` in ms; 0 or `Infinity` disables. Default 60 000. Longer than
   * 2^31 - 1 ms (about 24.8 days, Node's timer limit) waits that long.
   */
  requestTimeoutMs?: number;
  /**
   * Largest incoming message in bytes (a positive integer; `Infinity` for none); larger ones are
   * reported and skipped. Default 16 MiB.
   */
  maxMessageBytes?: number;
  /**
   * Default true: incoming requests and notifications also reach `nextMessage()`.
   * A server that only uses the events passes false so nothing accumulates.
   */
  queueIncoming?: boolean;
}

/** Per-call settings of `request()`. */
export interface RequestOptions {
  /** Overrides the connection's `requestTimeoutMs`; 0 or `Infinity` disables. */
  timeoutMs?: number;
  /** Aborting stops the wait; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface ResolvedOptions {
  readonly requestTimeoutMs: number;
  readonly maxMessageBytes: number;
  readonly queueIncoming: boolean;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Node's largest timer delay; a longer one would fire after 1 ms instead. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A usable timeout: 0 (none), a positive number of ms, or Infinity (none). NaN and negatives are not. */
export function isTimeout(value: number): boolean {
  return typeof value === 'number' && value >= 0;
}

/** Throws unless `value` is a positive integer or Infinity: NaN or 0 would turn the size limit off. */
export function checkMaxMessageBytes(value: number): void {
  if (!(Number.isInteger(value) || value === Number.POSITIVE_INFINITY) || !(value > 0)) {
    throw new RangeError(`maxMessageBytes must be a positive integer, got ${value}`);
  }
}

export function resolveOptions(options: ConnectionOptions = {}): ResolvedOptions {
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  // A NaN or negative value would silently turn the timeout or the size limit off.
  if (!isTimeout(requestTimeoutMs)) {
    throw new RangeError(`requestTimeoutMs must be a number >= 0, got ${requestTimeoutMs}`);
  }
  checkMaxMessageBytes(maxMessageBytes);
  return { requestTimeoutMs, maxMessageBytes, queueIncoming: options.queueIncoming ?? true };
}
