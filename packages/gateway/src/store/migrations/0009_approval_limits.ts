import type { Migration } from '../migration.js';

/**
 * Bounds on approval requests (issue 19). `arguments` may be NULL: a request drops its stored
 * arguments when it reaches a terminal state, since only an execution reads them.
 * `payload_preview_truncated` says whether the preview a person sees is cut. The partial indexes
 * count a key's and an agent's pending requests (the quotas) and find terminal requests past
 * their retention. Committed: never edit; add a migration instead.
 */
export const migration0009ApprovalLimits: Migration = {
  id: '0009_approval_limits',
  sql: `
ALTER TABLE approval_requests ALTER COLUMN arguments DROP NOT NULL;
ALTER TABLE approval_requests ADD COLUMN payload_preview_truncated boolean NOT NULL DEFAULT false;
CREATE INDEX approval_requests_pending_key ON approval_requests (requested_by_key_id, expires_at)
  WHERE status = 'pending';
CREATE INDEX approval_requests_pending_agent ON approval_requests (agent_id, expires_at)
  WHERE status = 'pending';
CREATE INDEX approval_requests_retention ON approval_requests (created_at)
  WHERE status IN ('completed', 'failed', 'denied', 'expired');
`,
};
