import { KeyVerifier } from '../keys/key-verifier.js';
import type { Database } from '../store/database.js';

/** Mount point of the gateway's HTTP surface; the admin API is under `{prefix}/admin/v1`. */
export const DEFAULT_ADMIN_PREFIX = '/mcp';
/** Version segment of the admin API's path: a breaking change gets a new one. */
export const ADMIN_API_PATH = '/admin/v1';
/**
 * Largest request body: an operation definition with a large input schema and an 8 KiB
 * description is a few tens of KiB; 1 MiB leaves room without letting one request hold much memory.
 */
export const DEFAULT_MAX_ADMIN_BODY_BYTES = 1024 * 1024;
/** Items of a list page when `?limit=` is not given. */
export const DEFAULT_PAGE_LIMIT = 50;
/** Largest `?limit=`: a page stays one bounded answer. */
export const MAX_PAGE_LIMIT = 500;

/** Options of {@link createAdminHandler}. */
export interface AdminHandlerOptions {
  db: Database;
  /**
   * Verifies admin keys (share the gateway's, so a revocation anywhere is seen at once). Without
   * one, the handler makes its own that asks the database on every request; call `close()`.
   */
  verifier?: KeyVerifier | undefined;
  /** Path prefix, `/mcp` by default: the API answers under `{prefix}/admin/v1`. */
  prefix?: string | undefined;
  /** Default {@link DEFAULT_MAX_ADMIN_BODY_BYTES}. */
  maxBodyBytes?: number | undefined;
}

/** {@link AdminHandlerOptions} checked, with defaults filled in. */
export interface ResolvedAdminOptions {
  db: Database;
  verifier: KeyVerifier;
  /** Whether the verifier is the handler's own (closed by its `close()`). */
  ownsVerifier: boolean;
  /** `{prefix}/admin/v1`. */
  basePath: string;
  maxBodyBytes: number;
}

const PREFIX = /^(\/[A-Za-z0-9._~-]+)*$/;

/** Checks the options. @throws TypeError / RangeError naming the option. */
export function resolveAdminOptions(options: AdminHandlerOptions): ResolvedAdminOptions {
  if (typeof options !== 'object' || options === null) throw new TypeError('options: must be an object');
  if (typeof options.db?.query !== 'function') throw new TypeError('db: must be a gateway Database');
  const prefix = options.prefix ?? DEFAULT_ADMIN_PREFIX;
  if (typeof prefix !== 'string' || !PREFIX.test(prefix)) {
    throw new TypeError(
      `prefix: must be '' or a path such as /mcp, without a trailing slash (got ${JSON.stringify(prefix)})`,
    );
  }
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_ADMIN_BODY_BYTES;
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1 || maxBodyBytes > 64 * 1024 * 1024) {
    throw new RangeError(
      `maxBodyBytes: must be an integer in 1..${64 * 1024 * 1024} (got ${String(maxBodyBytes)})`,
    );
  }
  const ownsVerifier = options.verifier === undefined;
  // Its own verifier does not LISTEN, so it must not cache: every request asks the database.
  const verifier = options.verifier ?? new KeyVerifier(options.db, { maxCacheAgeMs: 0 });
  return { db: options.db, verifier, ownsVerifier, basePath: `${prefix}${ADMIN_API_PATH}`, maxBodyBytes };
}
