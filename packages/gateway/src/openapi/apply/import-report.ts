import type { ImportWarning, RequiredSecret, SkippedOperation } from '../convert/import-plan.js';
import type { ImportMetrics } from './import-metrics.js';

/** What happened to one planned operation. */
export type ImportStatus = 'created' | 'updated' | 'unchanged';

/** One imported operation. */
export interface ImportedOperation {
  /** `GET /pets/{petId}`. */
  key: string;
  /** The workspace operation: on a re-import, the slug it already had. */
  slug: string;
  operationId?: string;
  /** The MCP tool name. */
  tool: string;
  status: ImportStatus;
  /** The published version, with `publish`. */
  publishedVersion?: number;
}

/** The agent that exposes the imported operations, with `agent`. */
export interface ImportedAgent {
  slug: string;
  created: boolean;
  /** Operations its draft lists after the import. */
  operations: number;
  /** The published version, with `publish`. */
  publishedVersion?: number;
}

/** The outcome of applying an import plan to a workspace. */
export interface ImportReport {
  workspace: string;
  workspaceCreated: boolean;
  operations: ImportedOperation[];
  /** Left out by the converter, or refused by the workspace (e.g. a slug taken by another operation). */
  skipped: SkippedOperation[];
  warnings: ImportWarning[];
  /** Environment variables the gateway needs for the document's security schemes. */
  secrets: RequiredSecret[];
  /** Section slugs created by this import. */
  sectionsCreated: string[];
  /** The document's hosts, and which were added to the allow-list (only with `allowHost`). */
  hosts: string[];
  hostsAdded: string[];
  agent?: ImportedAgent;
  counts: { created: number; updated: number; unchanged: number; skipped: number; warnings: number };
  published: boolean;
  metrics: ImportMetrics;
}
