/**
 * The per-key rate limit on the approval and admin APIs, as on the MCP endpoint: a key past its
 * budget gets `429 rate_limited` with `Retry-After`, and nothing is done for it. Only a key the
 * API accepts spends its budget; a key refused with 401 or 403 spends none (issue 19, point 5).
 * @module
 */

import type { AdminResponse } from '../admin/admin-exchange.js';
import { problemResponse } from '../admin/problem-response.js';
import { GatewayError } from '../errors/gateway-error.js';
import { bearerToken } from '../keys/bearer.js';
import type { KeyType } from '../keys/key-types.js';
import type { KeyVerifier } from '../keys/key-verifier.js';

/** Takes one request from a key's budget: 0 when allowed, else ms until it would be. */
export type TakeToken = (keyId: string) => number;

const RETRY_AFTER = new WeakMap<GatewayError, string>();

/** `Retry-After` in whole seconds (at least 1) for a wait of `waitMs`. */
export function retryAfterSeconds(waitMs: number): string {
  return String(Math.max(1, Math.ceil(waitMs / 1000)));
}

/** The `rate_limited` refusal of a key that must wait `waitMs`. */
export function rateLimitedError(waitMs: number): GatewayError {
  const error = new GatewayError('rate_limited', 'this key sent too many requests: retry after the wait');
  RETRY_AFTER.set(error, retryAfterSeconds(waitMs));
  return error;
}

/** The `Retry-After` of a `rate_limited` error, else undefined. */
export function retryAfterOf(error: unknown): string | undefined {
  return error instanceof GatewayError ? RETRY_AFTER.get(error) : undefined;
}

/**
 * Spends one request of the key `authorization` names when it is a valid key of `type`, and
 * answers the 429 when its budget is spent; undefined lets the API answer (including its own
 * 401 or 403, which spend nothing). The key is verified through the shared, cached verifier.
 */
export async function limitKey(
  verifier: KeyVerifier,
  authorization: string | undefined,
  type: KeyType,
  take: TakeToken | undefined,
  requestId: string,
): Promise<AdminResponse | undefined> {
  if (take === undefined) return undefined;
  let key: Awaited<ReturnType<KeyVerifier['verify']>>;
  try {
    key = await verifier.verify(bearerToken(authorization));
  } catch {
    return undefined;
  }
  if (key.type !== type) return undefined;
  const waitMs = take(key.id);
  if (waitMs <= 0) return undefined;
  const error = rateLimitedError(waitMs);
  return problemResponse(error, requestId, { 'retry-after': retryAfterOf(error) as string });
}
