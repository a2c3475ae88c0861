import { authorizeAdmin } from '../keys/authorize.js';
import { bearerToken } from '../keys/bearer.js';
import type { KeyVerifier, VerifiedKey } from '../keys/key-verifier.js';

/** The `WWW-Authenticate` challenge of a 401 (RFC 6750): a bearer token is expected. */
export const ADMIN_CHALLENGE = 'Bearer realm="mcpforge-admin"';

/**
 * The admin key of a request.
 * @throws GatewayError `key_invalid` (401: missing, unknown, revoked), `key_wrong_type` (403).
 */
export async function authenticateAdmin(
  verifier: KeyVerifier,
  authorization: string | undefined,
): Promise<VerifiedKey> {
  const key = await verifier.verify(bearerToken(authorization));
  authorizeAdmin(key);
  return key;
}
