export {
  type AgentDefinition,
  DEFAULT_SEARCH_LIMIT,
  DELIVERY_MODES,
  type DeliveryMode,
  MAX_AGENT_OPERATIONS,
  MAX_AGENT_SECTIONS,
  MAX_SEARCH_LIMIT,
  readAgentDefinition,
} from './agent-definition.js';
export {
  type AgentVersionSummary,
  type ExcludedOperation,
  listAgentVersions,
  type PublishedAgent,
  publishAgent,
} from './agent-versions-table.js';
export {
  type Agent,
  type AgentRow,
  archiveAgent,
  createAgent,
  getAgent,
  listAgents,
  toAgent,
  updateAgentDraft,
} from './agents-table.js';
export {
  AllowListCache,
  type AllowListCacheOptions,
  DEFAULT_ALLOW_LIST_REFRESH_MS,
} from './allow-list-cache.js';
export { ALLOW_LIST_CHANGED_CHANNEL } from './allow-list-events.js';
export { announceCatalogChange, CATALOG_CHANGED_CHANNEL, catalogChangedPayload } from './catalog-events.js';
export {
  type CatalogMeasure,
  type CatalogMetrics,
  MAX_STORED_WARNINGS,
  measureCatalog,
} from './catalog-metrics.js';
export {
  type CatalogContent,
  type CatalogSection,
  type CatalogTool,
  catalogRevision,
} from './catalog-snapshot.js';
export {
  checkHeaderTemplate,
  isUpstreamSecretName,
  templateVariables,
  UPSTREAM_SECRET_PREFIX,
} from './header-template.js';
export { formatHostPattern, type HostPattern, hostPatternMatches, parseHostPattern } from './host-pattern.js';
export {
  APPROVAL_MODES,
  type ApprovalMode,
  MAX_DESCRIPTION_LENGTH,
  MAX_OPERATION_SECTIONS,
  MAX_TITLE_LENGTH,
  type OperationDefinition,
  readOperationDefinition,
  TOOL_NAME_PATTERN,
} from './operation-definition.js';
export {
  getOperationVersion,
  listOperationVersions,
  type OperationVersion,
  type OperationVersionRow,
  type PublishedOperation,
  publishOperation,
  toOperationVersion,
} from './operation-versions-table.js';
export {
  archiveOperation,
  createOperation,
  getOperation,
  listOperations,
  type Operation,
  type OperationRow,
  toOperation,
  updateOperationDraft,
} from './operations-table.js';
export {
  loadAgentVersion,
  loadPublishedCatalog,
  type PublishedCatalog,
  type PublishedTool,
} from './published-catalog.js';
export {
  CATALOG_WARNING_CODES,
  type CatalogWarning,
  type CatalogWarningCode,
  catalogWarnings,
  type QualityTool,
} from './quality/index.js';
export {
  ARRAY_STYLES,
  type ArgumentPlacement,
  type ArrayStyle,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  HTTP_METHODS,
  type HttpMethod,
  MAX_RESPONSE_BYTES_LIMIT,
  MAX_TIMEOUT_MS,
  type RestBinding,
} from './rest-binding.js';
export {
  createSection,
  listSections,
  MAX_SECTION_DESCRIPTION_LENGTH,
  MAX_SECTION_TITLE_LENGTH,
  type Section,
  type SectionRow,
  toSection,
  updateSection,
} from './sections-table.js';
export { MAX_SLUG_LENGTH, readSlug, SLUG_PATTERN } from './slug.js';
export {
  findUpstreamHost,
  listUpstreamHosts,
  putUpstreamHost,
  removeUpstreamHost,
  toUpstreamHost,
  type UpstreamHost,
  type UpstreamHostInput,
  type UpstreamHostRow,
} from './upstream-hosts-table.js';
export {
  createWorkspace,
  findWorkspace,
  getWorkspace,
  listWorkspaces,
  toWorkspace,
  type Workspace,
  type WorkspaceRow,
} from './workspaces-table.js';
