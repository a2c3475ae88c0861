import { randomUUID } from 'node:crypto';
import { randomHex } from './random-hex.js';

/**
 * Request and trace ids. The trace id is the W3C Trace Context trace-id: continued from a
 * valid `traceparent`, else new. A malformed header is ignored, never echoed.
 * @module
 */

// version-traceid-parentid-flags; version ff is invalid; a later version may append fields.
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE = '00000000000000000000000000000000';
const ZERO_PARENT = '0000000000000000';

/** The trace-id of a valid `traceparent` header, else undefined. */
export function traceIdOf(traceparent: string | undefined): string | undefined {
  if (traceparent === undefined || traceparent.length > 512) return undefined;
  const match = TRACEPARENT.exec(traceparent.trim());
  if (match === null) return undefined;
  const [, version, traceId, parentId, , rest] = match;
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (traceId === ZERO_TRACE || parentId === ZERO_PARENT) return undefined;
  return traceId;
}

/** A new random trace id (32 hex digits, never all zeros in practice). */
export function newTraceId(): string {
  return randomHex(16);
}

/** A new random span id (W3C parent-id, 16 hex digits), for the `traceparent` sent upstream. */
export function newSpanId(): string {
  return randomHex(8);
}

/** A new request id: a random UUID, unique across gateway processes. */
export function newRequestId(): string {
  return randomUUID();
}
