/**
 * The admin API's view of one HTTP exchange, the same for `node:http` and for fetch-style
 * runtimes: the adapters (`admin-handler.ts`) translate, the routes see only this.
 * @module
 */

/** Why a body could not be read. */
export type BodyFailure = 'too_large';

/** An incoming request. */
export interface AdminRequest {
  method: string;
  /** Path and query as sent (`/mcp/admin/v1/workspaces?limit=10`). */
  target: string;
  /** A header's value, or undefined (names are lowercase). */
  header(name: string): string | undefined;
  /** The body, at most `maxBytes` of it: undefined when empty, `too_large` past the bound. */
  readBody(maxBytes: number): Promise<Uint8Array | undefined | BodyFailure>;
}

/** An answer: a status, headers and a JSON text (or none, for 204). */
export interface AdminResponse {
  status: number;
  headers: Record<string, string>;
  body: string | undefined;
}

/** A JSON answer. */
export function jsonResponse(
  status: number,
  value: unknown,
  contentType = 'application/json',
): AdminResponse {
  if (status === 204) return { status, headers: {}, body: undefined };
  return { status, headers: { 'content-type': contentType }, body: JSON.stringify(value) };
}
