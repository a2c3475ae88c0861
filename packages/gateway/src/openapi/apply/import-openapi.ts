import type { Database } from '../../store/database.js';
import { convertDocument } from '../convert/convert-document.js';
import type { ApprovalPolicy } from '../convert/import-plan.js';
import { type LoadedDocument, loadOpenApiDocument } from '../load/load-document.js';
import type { LoadOptions } from '../load/load-options.js';
import { type ApplyOptions, applyImportPlan, type ImportProgress } from './apply-plan.js';
import type { ImportReport } from './import-report.js';

/**
 * The whole import in one call, as `mcpforge gateway import openapi` runs it: load the
 * document, convert it to a plan, apply the plan to the workspace.
 * @module
 */

/** Where {@link importOpenApi} is: the two phases before applying have no count. */
export type ImportStep = { phase: 'load' } | { phase: 'convert' } | ImportProgress;

export interface ImportOpenApiOptions extends LoadOptions, Omit<ApplyOptions, 'onProgress'> {
  /** Which methods need approval: `unsafe` (POST, PUT, PATCH, DELETE; the default), `all`, `none`. */
  approval?: ApprovalPolicy | undefined;
  /** Base URL when the document's servers are relative or absent. */
  baseUrl?: string | undefined;
  /** Prefix of the secrets' environment variables (default: the document's title). */
  secretPrefix?: string | undefined;
  onProgress?: ((step: ImportStep) => void) | undefined;
}

/** The import report with what was read. */
export interface OpenApiImportResult extends ImportReport {
  document: Omit<LoadedDocument, 'document'>;
}

/**
 * Imports the OpenAPI document at `source` (a file path, or an http(s) URL with `allowRemote`)
 * into `options.workspace` of `db`.
 * @throws OpenApiImportError (loading, `import_conflict`), GatewayError (the catalog's checks).
 */
export async function importOpenApi(
  db: Database,
  source: string,
  options: ImportOpenApiOptions,
): Promise<OpenApiImportResult> {
  options.onProgress?.({ phase: 'load' });
  const { document, ...read } = await loadOpenApiDocument(source, options);
  options.signal?.throwIfAborted();
  options.onProgress?.({ phase: 'convert' });
  const plan = convertDocument(document, {
    ...(options.approval === undefined ? {} : { approval: options.approval }),
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    ...(options.secretPrefix === undefined ? {} : { secretPrefix: options.secretPrefix }),
  });
  options.signal?.throwIfAborted();
  const report = await applyImportPlan(db, plan, { ...options, onProgress: options.onProgress });
  return { document: read, ...report };
}
