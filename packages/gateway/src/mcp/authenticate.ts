import { HttpAuthError, HttpErrorCode, HttpRejection, type HttpRequestInfo } from '@mcpforge/server/http';
import { GatewayError } from '../errors/gateway-error.js';
import { retryAfterSeconds } from '../http/api-rate-limit.js';
import { authorizeMcpClient } from '../keys/authorize.js';
import { bearerToken } from '../keys/bearer.js';
import type { KeyVerifier } from '../keys/key-verifier.js';
import type { AgentDirectory } from './agent-directory.js';
import { requestScope } from './request-scope.js';

/** The realm of the endpoint's `WWW-Authenticate` challenges. */
const REALM = 'mcpforge';

/** What `authenticate` needs. */
export interface AuthenticateServices {
  verifier: KeyVerifier;
  directory: AgentDirectory;
  /** Takes one request from the key's budget: 0 when allowed, else ms until it would be. */
  rateLimit: (keyId: string) => number;
}

/**
 * The MCP endpoint's `authenticate`, run by the toolkit before any MCP processing, on every
 * request (POST, GET, DELETE) of both eras, so a revoked key is refused on its next request
 * even inside an open session. In order: 401 for a missing, malformed, unknown or revoked key
 * (with `WWW-Authenticate`); 403 for a key of another type or of another agent; 429 past the
 * key's rate limit (with `Retry-After`; refused requests above spent none of it); 404 when the
 * agent is not published. Its result, the
 * key id, is the principal a legacy session is bound to. No answer repeats what was sent.
 */
export function createAuthenticate(
  services: AuthenticateServices,
): (request: HttpRequestInfo) => Promise<string> {
  return async (request) => {
    const scope = requestScope.getStore();
    if (scope === undefined) throw new Error('the MCP endpoint runs inside the gateway listener');
    const token = bearerToken(request.header('authorization'));
    let key: Awaited<ReturnType<KeyVerifier['verify']>>;
    try {
      key = await services.verifier.verify(token);
    } catch (error) {
      if (error instanceof GatewayError && error.code === 'key_invalid') {
        // RFC 6750 §3.1: no error code when no credentials were sent.
        const challenge =
          token === undefined ? `Bearer realm="${REALM}"` : `Bearer realm="${REALM}", error="invalid_token"`;
        throw new HttpAuthError(401, 'Unauthorized: a valid API key of this agent is required', challenge);
      }
      throw error;
    }
    try {
      authorizeMcpClient(key, scope.workspace, scope.agent);
    } catch (error) {
      if (error instanceof GatewayError) {
        throw new HttpAuthError(
          403,
          error.code === 'key_wrong_type'
            ? 'Forbidden: the MCP endpoint takes an mcp_client key'
            : 'Forbidden: this key belongs to another agent',
        );
      }
      throw error;
    }
    // After the 403s: a request refused for another agent spends nothing of the key's budget.
    const waitMs = services.rateLimit(key.id);
    if (waitMs > 0) {
      throw new HttpRejection(
        429,
        HttpErrorCode.InvalidRequest,
        'Too Many Requests: rate limit of this key',
        { headers: { 'retry-after': retryAfterSeconds(waitMs) } },
      );
    }
    const found = services.directory.get(scope.workspace, scope.agent);
    const endpoint = found instanceof Promise ? await found : found;
    if (endpoint === undefined) {
      throw new HttpRejection(404, HttpErrorCode.InvalidRequest, 'Not Found: this agent is not published');
    }
    const sessionId = request.header('mcp-session-id');
    const version = request.header('mcp-protocol-version');
    if (
      sessionId !== undefined &&
      version !== undefined &&
      !endpoint.protocolVersionAgrees(sessionId.trim(), version.trim())
    ) {
      throw new HttpRejection(
        400,
        HttpErrorCode.InvalidRequest,
        'Bad Request: MCP-Protocol-Version differs from the version negotiated by initialize',
      );
    }
    scope.key = key;
    scope.endpoint = endpoint;
    return key.id;
  };
}
