import { catalogSizeWarnings } from './catalog-size.js';
import type { CatalogWarning, QualityTool } from './catalog-warning.js';
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
 * Every quality warning of a catalog: per tool (in catalog order), then the duplicates across
 * tools, then the catalog's size for its delivery mode.
 */
export function catalogWarnings(
  delivery: 'direct' | 'search',
  tools: readonly QualityTool[],
): CatalogWarning[] {
  const perTool = tools.flatMap((tool) => PER_TOOL.flatMap((check) => check(tool)));
  return [...perTool, ...duplicateDescriptionWarnings(tools), ...catalogSizeWarnings(delivery, tools.length)];
}
