import type { Migration } from '../migration.js';

/**
 * Operations imported from an OpenAPI document remember which API operation they came from
 * (`GET /pets/{petId}`), so a re-import of the document updates the same draft instead of
 * creating a second one, even when the operation's slug or tool name changed in between.
 * Operations made by hand have none. Committed: never edit; add a migration instead.
 */
export const migration0008OpenapiImport: Migration = {
  id: '0008_openapi_import',
  sql: `
ALTER TABLE operations ADD COLUMN import_key text;
CREATE UNIQUE INDEX operations_import_key_key ON operations (workspace_id, import_key)
  WHERE import_key IS NOT NULL;
`,
};
