import type { AdminResponse } from '../../admin/admin-exchange.js';

/**
 * CORS for the approval API, so a person's front end in a browser can call it with its
 * `approval` key. The key, not CORS, is the protection: a preflight carries no key, so it is
 * answered for any origin; the real request is refused (403 `origin_not_allowed`, before
 * anything changes) when the key lists allowed origins and this one is not among them, and
 * that refusal carries no CORS header. Keys travel in `Authorization`, never in cookies, so no
 * credentials mode is offered.
 * @module
 */

/** How long a browser may reuse a preflight answer, in seconds. */
export const PREFLIGHT_MAX_AGE_S = 600;

const EXPOSED = 'x-request-id, x-trace-id, www-authenticate, allow';

/** The answer to `OPTIONS` on an approval path whose methods are `allow`. */
export function preflightResponse(origin: string | undefined, allow: string): AdminResponse {
  const headers: Record<string, string> = { allow: `${allow}, OPTIONS` };
  if (origin !== undefined) {
    Object.assign(headers, {
      'access-control-allow-origin': origin,
      'access-control-allow-methods': allow,
      'access-control-allow-headers': 'authorization, content-type',
      'access-control-max-age': String(PREFLIGHT_MAX_AGE_S),
      vary: 'Origin',
    });
  }
  return { status: 204, headers, body: undefined };
}

/** `response` readable by a page of `origin`. */
export function withCors(response: AdminResponse, origin: string): AdminResponse {
  response.headers['access-control-allow-origin'] = origin;
  response.headers['access-control-expose-headers'] = EXPOSED;
  response.headers['vary'] = 'Origin';
  return response;
}
