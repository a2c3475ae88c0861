import type { Migration } from '../migration.js';

/**
 * Invocation history (one row per `tools/call`) and the first `tools/list` of each key in the
 * modern era, from which first-call evidence is computed on read. Never arguments, payloads,
 * bearer values or upstream bodies. Committed: never edit; add a migration instead.
 */
export const migration0003History: Migration = {
  id: '0003_history',
  sql: `
CREATE TABLE invocation_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  key_id uuid NOT NULL REFERENCES api_keys (id),
  workspace_id uuid NOT NULL REFERENCES workspaces (id),
  agent_id uuid NOT NULL REFERENCES agents (id),
  agent_version_id uuid NOT NULL REFERENCES agent_versions (id),
  operation_version_id uuid REFERENCES operation_versions (id),
  tool text,
  era text NOT NULL CHECK (era IN ('legacy', 'modern')),
  called_at timestamptz NOT NULL,
  request_id text NOT NULL,
  trace_id text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('success', 'tool_error', 'rejected')),
  error_code text,
  duration_ms integer NOT NULL,
  handshake_complete boolean NOT NULL DEFAULT false
);
CREATE INDEX invocation_history_key ON invocation_history (key_id, called_at);
CREATE INDEX invocation_history_workspace ON invocation_history (workspace_id, called_at DESC);
CREATE TABLE key_discoveries (
  key_id uuid PRIMARY KEY REFERENCES api_keys (id),
  agent_id uuid NOT NULL REFERENCES agents (id),
  listed_at timestamptz NOT NULL
);
`,
};
