import type { Migration } from '../migration.js';

/**
 * Workspaces, sections, the upstream allow-list, operations and agents with their drafts and
 * immutable published versions. Committed: never edit; add a migration instead.
 */
export const migration0001Catalog: Migration = {
  id: '0001_catalog',
  sql: `
CREATE TABLE workspaces (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL CONSTRAINT workspaces_slug_key UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id),
  slug text NOT NULL,
  title text NOT NULL,
  description text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT sections_slug_key UNIQUE (workspace_id, slug)
);

CREATE TABLE upstream_hosts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id),
  host_pattern text NOT NULL,
  allow_loopback boolean NOT NULL,
  allow_private boolean NOT NULL,
  allow_link_local boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT upstream_hosts_pattern_key UNIQUE (workspace_id, host_pattern)
);

CREATE TABLE operations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id),
  slug text NOT NULL,
  draft jsonb NOT NULL,
  draft_revision integer NOT NULL DEFAULT 1,
  latest_version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  archived_at timestamptz,
  CONSTRAINT operations_slug_key UNIQUE (workspace_id, slug)
);

CREATE TABLE operation_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  operation_id uuid NOT NULL REFERENCES operations (id),
  version integer NOT NULL CHECK (version > 0),
  definition jsonb NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT operation_versions_version_key UNIQUE (operation_id, version)
);

CREATE TABLE agents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id),
  slug text NOT NULL,
  draft jsonb NOT NULL,
  draft_revision integer NOT NULL DEFAULT 1,
  latest_version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  archived_at timestamptz,
  CONSTRAINT agents_slug_key UNIQUE (workspace_id, slug)
);

-- The catalog snapshot (settings, sections as they were, the pinned operation versions'
-- definitions) is stored whole, with the digest it was published under.
CREATE TABLE agent_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agent_id uuid NOT NULL REFERENCES agents (id),
  version integer NOT NULL CHECK (version > 0),
  catalog jsonb NOT NULL,
  catalog_revision text NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT agent_versions_version_key UNIQUE (agent_id, version)
);

-- Which operation versions each agent version pins: keeps them from ever being deleted.
CREATE TABLE agent_version_tools (
  agent_version_id uuid NOT NULL REFERENCES agent_versions (id),
  position integer NOT NULL,
  operation_version_id uuid NOT NULL REFERENCES operation_versions (id),
  PRIMARY KEY (agent_version_id, position)
);
CREATE INDEX agent_version_tools_operation_version ON agent_version_tools (operation_version_id);

-- Published versions are immutable: the database refuses to change or delete one.
CREATE FUNCTION refuse_published_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'published versions are immutable (% on %)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'object_not_in_prerequisite_state';
END;
$$;
CREATE TRIGGER operation_versions_immutable BEFORE UPDATE OR DELETE ON operation_versions
  FOR EACH ROW EXECUTE FUNCTION refuse_published_change();
CREATE TRIGGER agent_versions_immutable BEFORE UPDATE OR DELETE ON agent_versions
  FOR EACH ROW EXECUTE FUNCTION refuse_published_change();
CREATE TRIGGER agent_version_tools_immutable BEFORE UPDATE OR DELETE ON agent_version_tools
  FOR EACH ROW EXECUTE FUNCTION refuse_published_change();
`,
};
