/**
 * Checks {@link HttpHandlerOptions} once, when a handler is built, and fills in the defaults.
 *
 * Nothing here is lenient: `maxBodyBytes: NaN` used to pass through to `size > NaN`, which is
 * never true, so the 413 was silently off (issue 8). A value of the wrong type is a `TypeError`,
 * a number out of range a `RangeError`; both name the option and what it takes.
 * @module
 */

import { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_INITIALIZE_BYTES } from './body.js';
import {
  BufferBudget,
  DEFAULT_MAX_BUFFERED_BYTES,
  DEFAULT_MAX_BUFFERED_BYTES_PER_PRINCIPAL,
} from './buffer-budget.js';
import { DEFAULT_MAX_STREAM_BUFFER_BYTES, type ExchangeLimits } from './exchange-limits.js';
import { createHostGuard, type HostGuardOptions } from './host-guard.js';
import { type HttpWarning, warnOncePerValue } from './http-warning.js';
import { DEFAULT_SERVER_REQUEST_TIMEOUT_MS } from './legacy-session.js';
import type { HttpHandlerOptions, HttpServable } from './options.js';
import type { ResponseMode } from './outbound-stream.js';
import { DEFAULT_SEND_TIMEOUT_MS } from './paced-writer.js';
import { defaultPrincipalOf } from './principal.js';
import { DEFAULT_MAX_SESSIONS_PER_PRINCIPAL } from './session-quotas.js';
import { DEFAULT_KEEP_ALIVE_MS, DEFAULT_RETRY_MS } from './sse.js';

/** Node's largest timer delay; a longer one fires after 1 ms instead, so longer waits are clamped to it. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

const RESPONSE_MODES: readonly ResponseMode[] = ['auto', 'sse', 'json'];
const LEGACY_MODES: readonly unknown[] = [true, false, 'sessions', 'stateless'];

/** {@link HttpHandlerOptions} after {@link resolveHttpHandlerOptions}: checked, defaults filled in. */
export interface ResolvedHttpHandlerOptions<S extends HttpServable = HttpServable>
  extends HttpHandlerOptions<S> {
  readonly responseMode: ResponseMode;
  readonly maxBodyBytes: number;
  readonly maxSessionsPerPrincipal: number;
  readonly maxSessionsPerGroup: number;
  readonly maxInitializeBytes: number;
  readonly serverRequestTimeoutMs: number;
  /** 0 when keep-alive comments are off. */
  readonly keepAliveMs: number;
  readonly retryMs: number;
  /** What each exchange applies to its response. */
  readonly limits: ExchangeLimits;
}

/** An option value for an error message: strings quoted, objects and functions named by kind. */
export function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'function') return 'a function';
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

/** A number option: `TypeError` when it is not a number, `RangeError` when `valid` refuses it. */
function numberOption(
  name: string,
  value: unknown,
  fallback: number,
  expected: string,
  valid: (value: number) => boolean,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number') throw new TypeError(`${name} must be ${expected}, got ${show(value)}`);
  if (!valid(value)) throw new RangeError(`${name} must be ${expected}, got ${show(value)}`);
  return value;
}

/** A positive integer, or `Infinity` for no bound. */
function isBound(value: number): boolean {
  return value > 0 && (Number.isInteger(value) || value === Number.POSITIVE_INFINITY);
}

/** A wait > 0 in ms; `Infinity` stays (never), anything past Node's timer limit is clamped to it. */
function timerOption(name: string, value: unknown, fallback: number): number {
  const ms = numberOption(name, value, fallback, 'a number > 0 (Infinity for never)', (wait) => wait > 0);
  return ms === Number.POSITIVE_INFINITY ? ms : Math.min(MAX_TIMER_MS, ms);
}

function optionalFunction(name: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'function') {
    throw new TypeError(`${name} must be a function, got ${show(value)}`);
  }
}

function optionalStore(name: string, value: unknown, disabled: boolean): void {
  if (value === undefined || (disabled && value === false)) return;
  if (value === null || typeof value !== 'object') {
    throw new TypeError(`${name} must be a store object${disabled ? ' or false' : ''}, got ${show(value)}`);
  }
}

function optionalChoice(name: string, value: unknown, choices: readonly unknown[]): void {
  if (value !== undefined && !choices.includes(value)) {
    throw new TypeError(`${name} must be one of ${choices.map(show).join(', ')}, got ${show(value)}`);
  }
}

/** The guard options with refusals also reported, once per value, to `onWarning`. */
function withWarnings(
  hostValidation: HostGuardOptions | false | undefined,
  onWarning: ((warning: HttpWarning) => void) | undefined,
): HostGuardOptions | false | undefined {
  if (onWarning === undefined || hostValidation === false) return hostValidation;
  const warn = warnOncePerValue(onWarning);
  const own = hostValidation?.onRefused;
  return {
    ...hostValidation,
    onRefused:
      own === undefined
        ? warn
        : (refusal) => {
            warn(refusal);
            own(refusal);
          },
  };
}

/**
 * Checks every option of {@link createHttpHandler} and returns them with the defaults filled in.
 * @throws TypeError for a value of the wrong type (or an invalid `hostValidation` entry)
 * @throws RangeError for a number out of range: NaN, negative, or a fraction where a count is due
 */
export function resolveHttpHandlerOptions<S extends HttpServable>(
  options: HttpHandlerOptions<S> = {},
): ResolvedHttpHandlerOptions<S> {
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`options must be an object, got ${show(options)}`);
  }
  optionalChoice('responseMode', options.responseMode, RESPONSE_MODES);
  optionalChoice('legacy', options.legacy, LEGACY_MODES);
  optionalFunction('authenticate', options.authenticate);
  optionalFunction('principalOf', options.principalOf);
  optionalFunction('resolverCacheKey', options.resolverCacheKey);
  optionalFunction('sessionGroupOf', options.sessionGroupOf);
  optionalStore('sessionStore', options.sessionStore, false);
  optionalStore('eventStore', options.eventStore, true);
  const hostValidation = options.hostValidation;
  if (hostValidation !== undefined && hostValidation !== false) {
    if (hostValidation === null || typeof hostValidation !== 'object') {
      throw new TypeError(
        `hostValidation must be { allowedHosts?, allowedOrigins? } or false, got ${show(hostValidation)}`,
      );
    }
    createHostGuard(hostValidation); // throws on an invalid entry, naming it
  }
  optionalFunction('onWarning', options.onWarning);
  const positive = 'a number > 0 (Infinity for none)';
  numberOption('sessionIdleTimeoutMs', options.sessionIdleTimeoutMs, 0, positive, (ms) => ms > 0);
  const bound = 'a positive integer (Infinity for none)';
  numberOption('maxSessions', options.maxSessions, 0, bound, isBound);
  const keepAliveMs = numberOption(
    'keepAliveMs',
    options.keepAliveMs,
    DEFAULT_KEEP_ALIVE_MS,
    'a number >= 0 (0 or Infinity disables)',
    (ms) => ms >= 0,
  );
  return {
    ...options,
    maxSessionsPerPrincipal: numberOption(
      'maxSessionsPerPrincipal',
      options.maxSessionsPerPrincipal,
      DEFAULT_MAX_SESSIONS_PER_PRINCIPAL,
      bound,
      isBound,
    ),
    maxSessionsPerGroup: numberOption(
      'maxSessionsPerGroup',
      options.maxSessionsPerGroup,
      Number.POSITIVE_INFINITY,
      bound,
      isBound,
    ),
    maxInitializeBytes: numberOption(
      'maxInitializeBytes',
      options.maxInitializeBytes,
      DEFAULT_MAX_INITIALIZE_BYTES,
      bound,
      isBound,
    ),
    hostValidation: withWarnings(hostValidation, options.onWarning),
    responseMode: options.responseMode ?? 'auto',
    maxBodyBytes: numberOption(
      'maxBodyBytes',
      options.maxBodyBytes,
      DEFAULT_MAX_BODY_BYTES,
      'a positive integer (Infinity for none)',
      isBound,
    ),
    serverRequestTimeoutMs: Math.min(
      MAX_TIMER_MS,
      numberOption(
        'serverRequestTimeoutMs',
        options.serverRequestTimeoutMs,
        DEFAULT_SERVER_REQUEST_TIMEOUT_MS,
        positive,
        (ms) => ms > 0,
      ),
    ),
    keepAliveMs: keepAliveMs === Number.POSITIVE_INFINITY ? 0 : Math.min(MAX_TIMER_MS, keepAliveMs),
    limits: Object.freeze({
      buffers: new BufferBudget(
        numberOption(
          'maxBufferedBytes',
          options.maxBufferedBytes,
          DEFAULT_MAX_BUFFERED_BYTES,
          bound,
          isBound,
        ),
        numberOption(
          'maxBufferedBytesPerPrincipal',
          options.maxBufferedBytesPerPrincipal,
          DEFAULT_MAX_BUFFERED_BYTES_PER_PRINCIPAL,
          bound,
          isBound,
        ),
      ),
      principalOf: options.principalOf ?? defaultPrincipalOf,
      sendTimeoutMs: timerOption('sendTimeoutMs', options.sendTimeoutMs, DEFAULT_SEND_TIMEOUT_MS),
      maxStreamBufferBytes: numberOption(
        'maxStreamBufferBytes',
        options.maxStreamBufferBytes,
        DEFAULT_MAX_STREAM_BUFFER_BYTES,
        'a positive integer',
        (bytes) => Number.isSafeInteger(bytes) && bytes > 0,
      ),
    }),
    retryMs: numberOption(
      'retryMs',
      options.retryMs,
      DEFAULT_RETRY_MS,
      'an integer >= 0 (ms)',
      (ms) => Number.isSafeInteger(ms) && ms >= 0,
    ),
  };
}
