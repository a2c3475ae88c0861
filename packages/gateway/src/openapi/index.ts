/**
 * @mcpforge/gateway/openapi: importing an OpenAPI (2.0, 3.0, 3.1) document as draft operations
 * of a workspace. A subpath of its own, so the root entry never loads the OpenAPI parser and
 * its validators: a gateway that only serves does not pay for them.
 * @module
 */

export type {
  ApplyOptions,
  ImportProgress,
} from './apply/apply-plan.js';
export { applyImportPlan } from './apply/apply-plan.js';
export type { ImportMetrics } from './apply/import-metrics.js';
export type {
  ImportOpenApiOptions,
  ImportStep,
  OpenApiImportResult,
} from './apply/import-openapi.js';
export { importOpenApi } from './apply/import-openapi.js';
export type {
  ImportedAgent,
  ImportedOperation,
  ImportReport,
  ImportStatus,
} from './apply/import-report.js';
export type { ConvertDocumentOptions } from './convert/convert-document.js';
export { convertDocument } from './convert/convert-document.js';
export type {
  ApprovalPolicy,
  ConvertOptions,
  ImportPlan,
  ImportWarning,
  PlannedOperation,
  PlannedSection,
  RequiredSecret,
  SkippedOperation,
} from './convert/import-plan.js';
export type { LoadedDocument, SpecificationKind } from './load/load-document.js';
export { loadOpenApiDocument } from './load/load-document.js';
export type { LoadOptions, ResolvedLoadOptions } from './load/load-options.js';
export {
  DEFAULT_MAX_SPEC_BYTES,
  DEFAULT_REMOTE_TIMEOUT_MS,
  MAX_REMOTE_REDIRECTS,
  MAX_YAML_ALIASES,
  resolveLoadOptions,
} from './load/load-options.js';
export type { OpenApiImportErrorCode } from './load/openapi-import-error.js';
export { OPENAPI_IMPORT_ERROR_CODES, OpenApiImportError } from './load/openapi-import-error.js';
