import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { brand, matchesBrand } from '../errors/brand.js';
import { positiveIntegerOption } from '../options/positive-integer.js';
import { canonicalJson } from '../validation/index.js';

/** How long a `requestState` stays valid: long enough for a person to answer an elicitation. */
export const DEFAULT_REQUEST_STATE_TTL_MS = 10 * 60_000;
/** Longest `requestState` opened; longer ones are refused before any decoding work. */
export const MAX_REQUEST_STATE_LENGTH = 1_000_000;

/** What a `requestState` is bound to: the retry must repeat the same call. */
export interface RequestStateBinding {
  /** `tools/call`, `prompts/get` or `resources/read`. */
  method: string;
  /** Tool or prompt name, or resource URI. */
  target: string;
  /** The salient params (tool/prompt arguments); digested, never stored. */
  params: unknown;
}

/** The verified content of a `requestState`. */
export interface RequestStateContent {
  /** The handler's own state (`ctx.input(..., { state })`), exposed as `ctx.state` on the retry. */
  state: unknown;
  /** Input responses gathered in earlier rounds, so a handler re-run from the start sees them all. */
  responses: Record<string, unknown>;
}

interface StatePayload {
  v: 1;
  m: string;
  t: string;
  d: string;
  e: number;
  s?: unknown;
  r?: Record<string, unknown> | undefined;
}

const REQUEST_STATE_ERROR_BRAND = Symbol.for('mcpforge.server.RequestStateError');

/** A `requestState` that is malformed, tampered with, expired or bound to another call. */
export class RequestStateError extends Error {
  readonly code:
    | 'ERR_REQUEST_STATE_MALFORMED'
    | 'ERR_REQUEST_STATE_SIGNATURE'
    | 'ERR_REQUEST_STATE_EXPIRED'
    | 'ERR_REQUEST_STATE_MISMATCH';
  constructor(code: RequestStateError['code'], message: string) {
    super(message);
    this.name = 'RequestStateError';
    this.code = code;
    brand(this, REQUEST_STATE_ERROR_BRAND);
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    return matchesBrand(this, RequestStateError, REQUEST_STATE_ERROR_BRAND, value);
  }
}

/**
 * Seals and opens MRTR `requestState` strings: base64url JSON plus an HMAC-SHA256 tag over it,
 * bound to the method, the target and a digest of the params, with an expiry.
 *
 * The secret must be shared by every replica that may receive the retry; without one, a random
 * per-process secret is used, which only works when retries reach the same process (stdio).
 */
export class RequestStateSealer {
  readonly #key: Buffer;
  readonly #ttlMs: number;

  /** @param ttlMs a positive integer; default {@link DEFAULT_REQUEST_STATE_TTL_MS}. */
  constructor(secret: string | Uint8Array | undefined, ttlMs?: number | undefined) {
    this.#key = secret === undefined ? randomBytes(32) : Buffer.from(secret);
    this.#ttlMs = positiveIntegerOption('requestStateTtlMs', ttlMs, DEFAULT_REQUEST_STATE_TTL_MS);
  }

  /** The key, for other integrity tags (list cursors) derived from the same secret. */
  tag(text: string): string {
    return createHmac('sha256', this.#key).update(text).digest('base64url');
  }

  seal(binding: RequestStateBinding, content: RequestStateContent, now = Date.now()): string {
    const payload: StatePayload = {
      v: 1,
      m: binding.method,
      t: binding.target,
      d: digestParams(binding.params),
      e: now + this.#ttlMs,
    };
    if (content.state !== undefined) payload.s = content.state;
    if (Object.keys(content.responses).length > 0) payload.r = content.responses;
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.tag(body)}`;
  }

  open(requestState: unknown, binding: RequestStateBinding, now = Date.now()): RequestStateContent {
    if (typeof requestState !== 'string' || requestState.length > MAX_REQUEST_STATE_LENGTH) {
      throw new RequestStateError(
        'ERR_REQUEST_STATE_MALFORMED',
        'requestState must be a string issued by this server',
      );
    }
    const dot = requestState.indexOf('.');
    if (dot <= 0) throw new RequestStateError('ERR_REQUEST_STATE_MALFORMED', 'requestState is malformed');
    const body = requestState.slice(0, dot);
    const given = Buffer.from(requestState.slice(dot + 1), 'base64url');
    const expected = Buffer.from(this.tag(body), 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new RequestStateError('ERR_REQUEST_STATE_SIGNATURE', 'requestState failed its integrity check');
    }
    let payload: StatePayload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StatePayload;
    } catch {
      throw new RequestStateError('ERR_REQUEST_STATE_MALFORMED', 'requestState is malformed');
    }
    if (payload.e < now) throw new RequestStateError('ERR_REQUEST_STATE_EXPIRED', 'requestState has expired');
    if (
      payload.m !== binding.method ||
      payload.t !== binding.target ||
      payload.d !== digestParams(binding.params)
    ) {
      throw new RequestStateError(
        'ERR_REQUEST_STATE_MISMATCH',
        'requestState belongs to a different request',
      );
    }
    return { state: payload.s, responses: payload.r ?? {} };
  }
}

function digestParams(params: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(params ?? null))
    .digest('base64url');
}
