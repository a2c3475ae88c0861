/**
 * Every gateway error code in one table: its HTTP status, its problem+json `type` and `title`
 * (RFC 9457), and whether a caller may retry it automatically. Later work (execution, approvals,
 * search, admin) adds rows here; a code is never renamed or reused for another meaning.
 * @module
 */

/**
 * Whether an automatic retry is safe: `retryable` (nothing happened or it is safe to repeat;
 * wait `retry_after_ms` when given), `not_retryable` (the same request fails again; change it
 * first), `manual_reconcile` (a side effect may have happened: a person must check before retrying).
 */
export type Retryability = 'retryable' | 'not_retryable' | 'manual_reconcile';

/** One row of {@link GATEWAY_ERRORS}. */
export interface GatewayErrorInfo {
  /** HTTP status of an admin or transport answer carrying this code. */
  readonly status: number;
  /** Short, fixed summary (problem+json `title`); the per-instance text is the error's message. */
  readonly title: string;
  readonly retryability: Retryability;
}

/** Prefix of the problem+json `type` URI: a URN, so no documentation host is implied. */
export const PROBLEM_TYPE_PREFIX = 'urn:mcpforge:gateway:error:';

/** The code table. Keys are the stable `code` / `error_code` strings. */
export const GATEWAY_ERRORS = {
  // Input the caller can fix.
  invalid_field: { status: 400, title: 'A field is invalid', retryability: 'not_retryable' },
  // Admin API requests: the HTTP shape of the request, before any field is read.
  malformed_json: { status: 400, title: 'The body is not valid JSON', retryability: 'not_retryable' },
  body_too_large: { status: 413, title: 'The body is too large', retryability: 'not_retryable' },
  unsupported_media_type: {
    status: 415,
    title: 'The body must be application/json',
    retryability: 'not_retryable',
  },
  method_not_allowed: {
    status: 405,
    title: 'Method not allowed on this resource',
    retryability: 'not_retryable',
  },
  // Lookups.
  not_found: { status: 404, title: 'Not found', retryability: 'not_retryable' },
  // State: the request is valid but the current state refuses it.
  already_exists: { status: 409, title: 'Already exists', retryability: 'not_retryable' },
  archived: { status: 409, title: 'Archived', retryability: 'not_retryable' },
  reference_not_found: {
    status: 409,
    title: 'A referenced section or operation does not exist',
    retryability: 'not_retryable',
  },
  upstream_not_allowed: {
    status: 409,
    title: "Upstream host is not on the workspace's allow-list",
    retryability: 'not_retryable',
  },
  tool_name_conflict: { status: 409, title: 'Two tools share a name', retryability: 'not_retryable' },
  draft_conflict: {
    status: 409,
    title: 'The draft changed since it was read',
    retryability: 'not_retryable',
  },
  operation_not_published: {
    status: 409,
    title: 'Operation has no published version',
    retryability: 'not_retryable',
  },
  // Keys.
  key_invalid: { status: 401, title: 'Missing, unknown or revoked key', retryability: 'not_retryable' },
  key_wrong_type: { status: 403, title: 'Key of another type', retryability: 'not_retryable' },
  key_wrong_scope: {
    status: 403,
    title: 'Key bound to another workspace or agent',
    retryability: 'not_retryable',
  },
  origin_not_allowed: {
    status: 403,
    title: 'Origin not allowed for this key',
    retryability: 'not_retryable',
  },
  // Limits: the caller may retry after `Retry-After`.
  rate_limited: { status: 429, title: 'Too many requests from this key', retryability: 'retryable' },
  bootstrap_refused: {
    status: 409,
    title: 'The database already has an admin key',
    retryability: 'not_retryable',
  },
  // Store: found at start, before anything is served.
  database_newer_than_code: {
    status: 500,
    title: 'Database schema is newer than this gateway',
    retryability: 'not_retryable',
  },
  migration_modified: {
    status: 500,
    title: 'An applied migration differs from the code',
    retryability: 'not_retryable',
  },
  migration_failed: { status: 500, title: 'A migration failed', retryability: 'not_retryable' },
  data_dir_in_use: {
    status: 500,
    title: 'The PGlite data directory is in use by another process',
    retryability: 'not_retryable',
  },
  // Anything unexpected; its message is never the internal text.
  internal: { status: 500, title: 'Internal error', retryability: 'not_retryable' },
} as const satisfies Record<string, GatewayErrorInfo>;

/** A gateway error code: a key of {@link GATEWAY_ERRORS}. */
export type GatewayErrorCode = keyof typeof GATEWAY_ERRORS;

/** Whether `value` is a known gateway error code. */
export function isGatewayErrorCode(value: unknown): value is GatewayErrorCode {
  return typeof value === 'string' && Object.hasOwn(GATEWAY_ERRORS, value);
}

/** The table row of `code`. */
export function errorInfo(code: GatewayErrorCode): GatewayErrorInfo {
  return GATEWAY_ERRORS[code];
}

/** The problem+json `type` of `code`. */
export function problemType(code: GatewayErrorCode): string {
  return `${PROBLEM_TYPE_PREFIX}${code}`;
}
