import type { Migration } from '../migration.js';

/**
 * API keys of the three types. Only the SHA-256 of a key is stored; the CHECKs keep each type's
 * binding exact. Committed: never edit; add a migration instead.
 */
export const migration0002Keys: Migration = {
  id: '0002_keys',
  sql: `
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  key_type text NOT NULL CHECK (key_type IN ('mcp_client', 'approval', 'admin')),
  name text NOT NULL,
  workspace_id uuid REFERENCES workspaces (id),
  agent_id uuid REFERENCES agents (id),
  allowed_origins text[] NOT NULL DEFAULT '{}',
  secret_sha256 text NOT NULL CONSTRAINT api_keys_secret_key UNIQUE,
  display_prefix text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  CONSTRAINT api_keys_binding CHECK (
    (key_type = 'mcp_client' AND workspace_id IS NOT NULL AND agent_id IS NOT NULL)
    OR (key_type = 'approval' AND workspace_id IS NOT NULL)
    OR (key_type = 'admin' AND workspace_id IS NULL AND agent_id IS NULL)
  ),
  CONSTRAINT api_keys_origins CHECK (key_type = 'approval' OR cardinality(allowed_origins) = 0)
);
CREATE INDEX api_keys_workspace ON api_keys (workspace_id);
`,
};
