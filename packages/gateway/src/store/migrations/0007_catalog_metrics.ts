import type { Migration } from '../migration.js';

/**
 * What each published agent version costs a model's context and what is wrong with its
 * catalog, computed once at publish and kept with the immutable version (the row's trigger
 * refuses updates, so a column added here is filled by the INSERT only). Versions published
 * before this step have NULL; the gateway computes theirs from the stored catalog on read.
 * Committed: never edit; add a migration instead.
 */
export const migration0007CatalogMetrics: Migration = {
  id: '0007_catalog_metrics',
  sql: `
ALTER TABLE agent_versions
  ADD COLUMN catalog_metrics jsonb,
  ADD COLUMN catalog_warnings jsonb;
`,
};
