/**
 * Gateway configuration as code (`@mcpforge/gateway/config`): a workspace as one YAML or JSON
 * document, its JSON Schema, export, and apply in one transaction with its plan.
 * @module
 */

export { type ApplyConfigOptions, applyConfig } from './apply-config.js';
export {
  type ConfigAgent,
  type ConfigDocument,
  type ConfigOperation,
  type ConfigSection,
  type ConfigUpstreamHost,
  documentPath,
  readConfigDocument,
} from './config-document.js';
export {
  type ConfigPlan,
  diffValues,
  MAX_CHANGES_SHOWN,
  type PlanChange,
  type PlanEntry,
  type PlanKind,
  type PlanStatus,
} from './config-plan.js';
export { CONFIG_API_VERSION, CONFIG_SCHEMA, CONFIG_SCHEMA_ID } from './config-schema.js';
export {
  type ConfigFormat,
  formatConfigDocument,
  lineOfPath,
  MAX_CONFIG_TEXT_BYTES,
  parseConfigText,
} from './config-text.js';
export { exportWorkspace } from './export-config.js';
