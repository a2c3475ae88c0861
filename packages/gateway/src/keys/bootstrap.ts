import { GatewayError } from '../errors/gateway-error.js';
import type { Database } from '../store/database.js';
import { type CreatedKey, createKey } from './api-keys-table.js';

/**
 * Transaction-scoped advisory lock key of bootstraps, so two processes bootstrapping one new
 * database create one admin key. (The first 8 bytes of sha256('mcpforge.gateway.bootstrap').)
 */
export const BOOTSTRAP_LOCK_KEY = '6215855659945466468';

/** Name of the key {@link bootstrapAdminKey} creates unless told otherwise. */
export const DEFAULT_BOOTSTRAP_KEY_NAME = 'bootstrap admin';

/**
 * Creates the first admin key of a database and returns its value, which is shown once.
 * Refused while any admin key is active, so it cannot mint a second key on a running
 * gateway; revoking every admin key makes it available again (recovery by whoever holds the
 * database).
 * @throws GatewayError `bootstrap_refused`.
 */
export async function bootstrapAdminKey(
  db: Database,
  options: { name?: string | undefined } = {},
): Promise<CreatedKey> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [BOOTSTRAP_LOCK_KEY]);
    const { rows } = await tx.query(
      "SELECT 1 FROM api_keys WHERE key_type = 'admin' AND revoked_at IS NULL LIMIT 1",
    );
    if (rows.length > 0) {
      throw new GatewayError(
        'bootstrap_refused',
        'this database already has an active admin key: create further keys through the admin API with it',
      );
    }
    return createKey(tx, { type: 'admin', name: options.name ?? DEFAULT_BOOTSTRAP_KEY_NAME });
  });
}
