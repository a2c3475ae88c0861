import type { ContentBlock } from './content.js';

/** `push/event` (S→H request, §9): an event the host may turn into an inference. */
export interface PushEventParams {
  /** The feature set the event belongs to (§6.5: required). */
  featureSet: string;
  /** Idempotency key: hosts should drop a repeated one. */
  eventId: string;
  /** ISO 8601. */
  timestamp: string;
  /** Opaque to the host: where the event came from. */
  origin?: Record<string, unknown> | undefined;
  payload: { content: ContentBlock[]; [key: string]: unknown };
  /** §16 event tags (`namespace:value`). */
  tags?: string[] | undefined;
  _meta?: Record<string, unknown> | undefined;
}

export interface PushEventResult {
  accepted: boolean;
  /** The inference the event started, if it started one. */
  inferenceId?: string | undefined;
  reason?: string | undefined;
}
