/**
 * Warnings the HTTP handler gives its `onWarning` hook: things an operator should fix, such as
 * a server listening on `0.0.0.0` whose clients use a Host it does not allow (every one of them
 * gets 403, and without a warning nothing says why).
 * @module
 */

import type { HostRefusal } from './host-guard.js';

/** What a warning is about. */
export type HttpWarningCode =
  /** A valid `Host` that is not on the allow-list. */
  | 'HOST_NOT_ALLOWED'
  /** A `Host` that is not `host[:port]`. */
  | 'HOST_INVALID'
  /** A request without `Host`. */
  | 'HOST_MISSING'
  /** A valid `Origin` that is not on the allow-list (`null` included). */
  | 'ORIGIN_NOT_ALLOWED'
  /** An `Origin` that is not `scheme://host[:port]` or `null`. */
  | 'ORIGIN_INVALID';

/** One warning: a code, a sentence that names the fix, and what it is about. */
export interface HttpWarning {
  readonly code: HttpWarningCode;
  /** For a person: what happened and how to change it. */
  readonly message: string;
  /** The header value concerned, cut to {@link MAX_WARNED_VALUE_LENGTH} characters. */
  readonly value: string | undefined;
  /** For a valid Host or Origin, its host name (lower case, IPv6 in brackets): the entry to add. */
  readonly host: string | undefined;
}

/**
 * Distinct values warned about, per handler; later ones are not reported. A client that
 * sends a new Host on every request must not be able to flood the log.
 */
export const MAX_WARNED_VALUES = 100;

/** Longest header value quoted in a warning (a Host may be as long as the header limit). */
export const MAX_WARNED_VALUE_LENGTH = 120;

const CODES = {
  host: { missing: 'HOST_MISSING', invalid: 'HOST_INVALID', 'not-allowed': 'HOST_NOT_ALLOWED' },
  origin: { missing: 'ORIGIN_INVALID', invalid: 'ORIGIN_INVALID', 'not-allowed': 'ORIGIN_NOT_ALLOWED' },
} as const;

/** The warning for a refusal, with the fix a {@link createHttpHandler} user applies. */
export function refusalWarning(refusal: HostRefusal): HttpWarning {
  const code = CODES[refusal.header][refusal.reason];
  const value = refusal.value === undefined ? undefined : cut(refusal.value);
  const host = refusal.authority?.host;
  // Already cut short, so quoting it is cheap.
  const quoted = JSON.stringify(value);
  let message: string;
  switch (code) {
    case 'HOST_MISSING':
      message = 'refused a request without a Host header';
      break;
    case 'HOST_INVALID':
      message = `refused Host ${quoted}: not a valid host[:port]`;
      break;
    case 'HOST_NOT_ALLOWED':
      message = `refused Host ${quoted}: not in allowed hosts; add "${host}" to hostValidation.allowedHosts to accept it`;
      break;
    case 'ORIGIN_INVALID':
      message = `refused Origin ${quoted}: not scheme://host[:port] or null`;
      break;
    case 'ORIGIN_NOT_ALLOWED':
      message = `refused Origin ${quoted}: not in allowed origins; add it to hostValidation.allowedOrigins to accept it`;
      break;
  }
  return { code, message, value, host };
}

function cut(value: string): string {
  return value.length > MAX_WARNED_VALUE_LENGTH ? `${value.slice(0, MAX_WARNED_VALUE_LENGTH)}…` : value;
}

/**
 * A refusal listener that reports each distinct refused value once, at most
 * {@link MAX_WARNED_VALUES} of them, through `onWarning`. A throwing hook is ignored: a log
 * must not turn a 403 into a 500.
 */
export function warnOncePerValue(onWarning: (warning: HttpWarning) => void): (refusal: HostRefusal) => void {
  const seen = new Set<string>();
  return (refusal) => {
    if (seen.size >= MAX_WARNED_VALUES) return;
    const key = `${refusal.header} ${refusal.reason} ${cut(refusal.value ?? '')}`;
    if (seen.has(key)) return;
    seen.add(key);
    try {
      onWarning(refusalWarning(refusal));
    } catch {
      // The hook is the operator's; its failure is not the client's problem.
    }
  };
}
