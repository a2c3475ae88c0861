import { type CatalogWarning, type QualityTool, toolWarning } from './catalog-warning.js';
import { isRecord, walkSchema } from './schema-walk.js';

/** `parameter_undescribed` for each parameter (nested ones too) of `tool` without a non-blank description. */
export function parameterDescriptionWarnings(tool: QualityTool): CatalogWarning[] {
  const warnings: CatalogWarning[] = [];
  walkSchema(tool.inputSchema, ({ path, schema, property }) => {
    if (!property) return;
    const description = isRecord(schema) ? schema['description'] : undefined;
    if (typeof description === 'string' && description.trim() !== '') return;
    warnings.push(
      toolWarning(
        'parameter_undescribed',
        tool.name,
        `parameter '${path}' of '${tool.name}' has no description: say what it means and which values it takes`,
      ),
    );
  });
  return warnings;
}
