import type { Migration } from '../migration.js';

/**
 * A `tools/call` answered `approval_required` (or turned into a task waiting for a person) is
 * neither a success nor an error: history records it as its own outcome. Committed: never edit;
 * add a migration instead.
 */
export const migration0005HistoryApprovalOutcome: Migration = {
  id: '0005_history_approval_outcome',
  sql: `
ALTER TABLE invocation_history DROP CONSTRAINT invocation_history_outcome_check;
ALTER TABLE invocation_history ADD CONSTRAINT invocation_history_outcome_check
  CHECK (outcome IN ('success', 'tool_error', 'rejected', 'approval_required'));
`,
};
