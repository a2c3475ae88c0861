import type { JsonSchema } from '@mcpforge/server';

/**
 * What the catalog quality checks say to an operator: one warning per finding, with a named
 * code, the tool it is about (none for the catalog as a whole) and a message that names the fix.
 * Warnings never block a publish: they are advice kept with the agent version.
 * @module
 */

/** Every warning code, in the order the checks run. */
export const CATALOG_WARNING_CODES = [
  'description_missing',
  'description_short',
  'description_long',
  'parameter_undescribed',
  'name_uninformative',
  'description_duplicate',
  'description_near_duplicate',
  'schema_permissive',
  'enum_large',
  'catalog_over_recommended_limit',
] as const;
export type CatalogWarningCode = (typeof CATALOG_WARNING_CODES)[number];

/** One finding of the quality checks. */
export interface CatalogWarning {
  code: CatalogWarningCode;
  /** The tool it is about; absent for a finding about the whole catalog. */
  tool?: string;
  message: string;
}

/** What the checks read of a tool: what a model reads to choose and call it. */
export interface QualityTool {
  name: string;
  title?: string | undefined;
  description: string;
  inputSchema: JsonSchema;
}

/** A warning about `tool`. */
export function toolWarning(code: CatalogWarningCode, tool: string, message: string): CatalogWarning {
  return { code, tool, message };
}
