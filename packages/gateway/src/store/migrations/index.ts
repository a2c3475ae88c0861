import type { Migration } from '../migration.js';
import { migration0001Catalog } from './0001_catalog.js';
import { migration0002Keys } from './0002_keys.js';
import { migration0003History } from './0003_history.js';
import { migration0004Approvals } from './0004_approvals.js';
import { migration0005HistoryApprovalOutcome } from './0005_history_approval_outcome.js';
import { migration0006HistoryWithoutForeignKeys } from './0006_history_without_foreign_keys.js';
import { migration0007CatalogMetrics } from './0007_catalog_metrics.js';
import { migration0008OpenapiImport } from './0008_openapi_import.js';
import { migration0009ApprovalLimits } from './0009_approval_limits.js';
import { migration0010ApprovalArgumentsDropped } from './0010_approval_arguments_dropped.js';

/**
 * The gateway's schema, in order. Each step is a TypeScript module holding its SQL as a string,
 * so `tsc` ships it in `dist/` with the code that needs it (no file to copy, no path to resolve
 * at run time, nothing a bundler can drop); `migrations.test.ts` pins each one's checksum so
 * an edit to a committed step fails the tests.
 */
export const MIGRATIONS: readonly Migration[] = [
  migration0001Catalog,
  migration0002Keys,
  migration0003History,
  migration0004Approvals,
  migration0005HistoryApprovalOutcome,
  migration0006HistoryWithoutForeignKeys,
  migration0007CatalogMetrics,
  migration0008OpenapiImport,
  migration0009ApprovalLimits,
  migration0010ApprovalArgumentsDropped,
];
