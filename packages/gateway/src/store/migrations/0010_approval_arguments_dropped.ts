import type { Migration } from '../migration.js';

/**
 * Requests that ended before 0009 still hold their stored arguments; since 0009 a request drops
 * them when it ends (nothing reads them afterwards). This clears those once, so a database
 * filled before the limits existed shrinks to what the audit keeps (decision, preview, outcome).
 * Committed: never edit; add a migration instead.
 */
export const migration0010ApprovalArgumentsDropped: Migration = {
  id: '0010_approval_arguments_dropped',
  sql: `
UPDATE approval_requests SET arguments = NULL
  WHERE status IN ('completed', 'failed', 'denied', 'expired') AND arguments IS NOT NULL;
`,
};
