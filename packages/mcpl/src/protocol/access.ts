/**
 * Delegated access tokens (the project's RFC-015 draft): a server asks its host for a
 * short-lived credential for one audience (`ctx.access(audience)` on the server side).
 */

/** `access/token` (S→H request). */
export interface AccessTokenParams {
  /** Who the token is for (a URL or a resource name). */
  audience: string;
  scopes?: string[] | undefined;
  featureSet?: string | undefined;
}

export interface AccessTokenResult {
  token: string;
  tokenType: string;
  /** ISO 8601. */
  expiresAt: string;
}
