import { GatewayError } from '../errors/gateway-error.js';
import type { KeyType } from './key-types.js';
import type { VerifiedKey } from './key-verifier.js';

/**
 * What each endpoint accepts. A verified key of another type, or bound elsewhere, is refused
 * with 403 (`key_wrong_type`, `key_wrong_scope`, `origin_not_allowed`), after the 401 for a key
 * that does not verify at all.
 * @module
 */

function requireType(key: VerifiedKey, type: KeyType, endpoint: string): void {
  if (key.type !== type) {
    throw new GatewayError('key_wrong_type', `${endpoint} takes a key of type ${type}, not ${key.type}`);
  }
}

/** The MCP endpoint `/{workspace}/{agent}`: an `mcp_client` key of that very agent. */
export function authorizeMcpClient(key: VerifiedKey, workspace: string, agent: string): void {
  requireType(key, 'mcp_client', 'the MCP endpoint');
  if (key.workspace !== workspace || key.agent !== agent) {
    throw new GatewayError('key_wrong_scope', 'this key belongs to another agent');
  }
}

/**
 * The approval API of `{workspace}/{agent}`: an `approval` key of that workspace, bound to that
 * agent or to the whole workspace; when the request has an `Origin` and the key lists allowed
 * origins, the origin must be one of them (checked before anything is done).
 */
export function authorizeApproval(
  key: VerifiedKey,
  workspace: string,
  agent: string,
  origin: string | undefined,
): void {
  requireType(key, 'approval', 'the approval API');
  if (key.workspace !== workspace || (key.agent !== null && key.agent !== agent)) {
    throw new GatewayError('key_wrong_scope', 'this approval key belongs to another workspace or agent');
  }
  if (
    origin !== undefined &&
    key.allowedOrigins.length > 0 &&
    !key.allowedOrigins.includes(origin.toLowerCase())
  ) {
    throw new GatewayError(
      'origin_not_allowed',
      'this approval key does not accept requests from this origin',
    );
  }
}

/** The admin API: an `admin` key. */
export function authorizeAdmin(key: VerifiedKey): void {
  requireType(key, 'admin', 'the admin API');
}
