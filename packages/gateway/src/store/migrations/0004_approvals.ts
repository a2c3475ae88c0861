import type { Migration } from '../migration.js';

/**
 * Human approval requests. `arguments` holds the exact arguments to execute and is read only by
 * the execution (never by a view); `payload_preview` is the bounded, redacted copy people see.
 * The partial unique index on `fingerprint` is what makes concurrent identical calls create one
 * request: at most one active (pending or executing) request per identity. Committed: never
 * edit; add a migration instead.
 */
export const migration0004Approvals: Migration = {
  id: '0004_approvals',
  sql: `
CREATE TABLE approval_requests (
  id text PRIMARY KEY CHECK (id ~ '^approval_[0-9A-HJKMNP-TV-Z]{26}$'),
  workspace_id uuid NOT NULL REFERENCES workspaces (id),
  agent_id uuid NOT NULL REFERENCES agents (id),
  agent_version_id uuid NOT NULL REFERENCES agent_versions (id),
  operation_version_id uuid NOT NULL REFERENCES operation_versions (id),
  tool text NOT NULL,
  fingerprint text NOT NULL CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
  status text NOT NULL
    CHECK (status IN ('pending', 'executing', 'completed', 'failed', 'denied', 'expired')),
  arguments jsonb NOT NULL,
  payload_preview jsonb NOT NULL,
  requested_by_key_id uuid NOT NULL REFERENCES api_keys (id),
  request_id text NOT NULL,
  trace_id text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  decided_at timestamptz,
  decided_by_key_id uuid REFERENCES api_keys (id),
  note text,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  lease_owner text,
  lease_expires_at timestamptz,
  completed_at timestamptz,
  response_payload jsonb,
  error_code text,
  execution_request_id text,
  execution_trace_id text,
  CONSTRAINT approval_requests_lease CHECK (
    status <> 'executing' OR (lease_owner IS NOT NULL AND lease_expires_at IS NOT NULL AND attempts >= 1)
  )
);
CREATE UNIQUE INDEX approval_requests_active ON approval_requests (fingerprint)
  WHERE status IN ('pending', 'executing');
CREATE INDEX approval_requests_agent_list
  ON approval_requests (workspace_id, agent_id, status, created_at DESC, id DESC);
CREATE INDEX approval_requests_workspace_list
  ON approval_requests (workspace_id, created_at DESC, id DESC);
CREATE INDEX approval_requests_expiry ON approval_requests (status, expires_at);
CREATE INDEX approval_requests_leases ON approval_requests (status, lease_expires_at);
`,
};
