import { brand, matchesBrand } from '../errors/brand.js';

const HTTP_AUTH_ERROR_BRAND = Symbol.for('mcpforge.server.HttpAuthError');

/** Refuse a request from `authenticate` (401 or 403), optionally with a `WWW-Authenticate` challenge. */
export class HttpAuthError extends Error {
  /** Always `ERR_HTTP_AUTH`; `status` tells 401 from 403. */
  readonly code = 'ERR_HTTP_AUTH' as const;
  readonly status: 401 | 403;
  readonly wwwAuthenticate: string | undefined;

  constructor(status: 401 | 403, message: string, wwwAuthenticate?: string) {
    super(message);
    this.name = 'HttpAuthError';
    this.status = status;
    this.wwwAuthenticate = wwwAuthenticate;
    brand(this, HTTP_AUTH_ERROR_BRAND);
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    return matchesBrand(this, HttpAuthError, HTTP_AUTH_ERROR_BRAND, value);
  }
}
