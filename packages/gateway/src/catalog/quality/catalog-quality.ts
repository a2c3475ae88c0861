import { catalogSizeWarnings } from './catalog-size.js';
import type { CatalogWarning, CatalogWarningCode, QualityTool } from './catalog-warning.js';
import { descriptionLengthWarnings } from './description-length.js';
import { duplicateDescriptionWarnings } from './duplicate-descriptions.js';
import { enumSizeWarnings } from './enum-size.js';
import { parameterDescriptionWarnings } from './parameter-descriptions.js';
import { permissiveSchemaWarnings } from './permissive-schema.js';
import { toolNameWarnings } from './tool-name.js';

const PER_TOOL = [
  descriptionLengthWarnings,
  parameterDescriptionWarnings,
  toolNameWarnings,
  permissiveSchemaWarnings,
  enumSizeWarnings,
];

/**
 * What does not matter in search mode: a long description or a large enum costs context only when
 * a search returns the tool (and more words help a search find it), not on every `tools/list`.
 */
const LIST_COST_CODES: ReadonlySet<CatalogWarningCode> = new Set(['description_long', 'enum_large']);

/**
 * Every quality warning of a catalog: per tool (in catalog order), then the duplicates across
 * tools, then the catalog's size for its delivery mode. In search mode, only what makes a tool
 * hard to find or to call: not the costs of a direct listing.
 */
export function catalogWarnings(
  delivery: 'direct' | 'search',
  tools: readonly QualityTool[],
): CatalogWarning[] {
  const all = tools.flatMap((tool) => PER_TOOL.flatMap((check) => check(tool)));
  const perTool = delivery === 'search' ? all.filter((warning) => !LIST_COST_CODES.has(warning.code)) : all;
  return [...perTool, ...duplicateDescriptionWarnings(tools), ...catalogSizeWarnings(delivery, tools.length)];
}
