/**
 * The token of an `Authorization: Bearer <token>` header (RFC 6750; the scheme is
 * case-insensitive), or undefined when the header is absent or of another scheme.
 */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  const match = /^Bearer +([^ ]+) *$/i.exec(authorization);
  return match?.[1];
}
