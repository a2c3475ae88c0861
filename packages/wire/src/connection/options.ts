/** Settings shared by every transport. */
export interface ConnectionOptions {
  /** Default timeout of `request()` in ms; 0 disables. Default 60 000. */
  requestTimeoutMs?: number;
  /** Largest incoming message in bytes; larger ones are reported and skipped. Default 16 MiB. */
  maxMessageBytes?: number;
  /**
   * Default true: incoming requests and notifications also reach `nextMessage()`.
   * A server that only uses the events passes false so nothing accumulates.
   */
  queueIncoming?: boolean;
}

/** Per-call settings of `request()`. */
export interface RequestOptions {
  /** Overrides the connection's `requestTimeoutMs`; 0 disables. */
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

export function resolveOptions(options: ConnectionOptions = {}): ResolvedOptions {
  return {
    requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    maxMessageBytes: options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    queueIncoming: options.queueIncoming ?? true,
  };
}
