import type { Migration } from '../migration.js';

/**
 * Invocation history is an append-only log of ids the request path has just verified, and no
 * row of the tables it names is ever deleted. Its five foreign keys made each row pay five
 * trigger queries: on PGlite, which writes on the gateway's own event loop, that was the
 * largest cost of a `tools/call` (about 190 µs of CPU a row, 60–80 µs without them).
 * Committed: never edit; add a migration instead.
 */
export const migration0006HistoryWithoutForeignKeys: Migration = {
  id: '0006_history_without_foreign_keys',
  sql: `
ALTER TABLE invocation_history
  DROP CONSTRAINT invocation_history_key_id_fkey,
  DROP CONSTRAINT invocation_history_workspace_id_fkey,
  DROP CONSTRAINT invocation_history_agent_id_fkey,
  DROP CONSTRAINT invocation_history_agent_version_id_fkey,
  DROP CONSTRAINT invocation_history_operation_version_id_fkey;
`,
};
