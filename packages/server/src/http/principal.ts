import { canonicalJson } from '../validation/canonical-json.js';

/**
 * The default `principalOf`: who an `authenticate` result names, as a string a session can be
 * bound to. Without an `authenticate` hook (`auth` undefined) there is no principal; otherwise
 * the canonical JSON of the result (keys sorted), so equal results name the same caller.
 * A result that changes between requests of one caller (a timestamp, a request id) needs its
 * own `principalOf` returning the stable part, such as a user id.
 */
export function defaultPrincipalOf(auth: unknown): string | undefined {
  return auth === undefined || auth === null ? undefined : canonicalJson(auth);
}
