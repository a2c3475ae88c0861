import { type CatalogWarning, type QualityTool, toolWarning } from './catalog-warning.js';
import { isRecord, walkSchema } from './schema-walk.js';

/** Values beyond which an enum costs more context than it guides (a lookup tool or a pattern serves better). */
export const MAX_ENUM_VALUES = 50;

/** `enum_large` for each enum of `tool`'s input schema with more than {@link MAX_ENUM_VALUES} values. */
export function enumSizeWarnings(tool: QualityTool): CatalogWarning[] {
  const warnings: CatalogWarning[] = [];
  walkSchema(tool.inputSchema, ({ path, schema }) => {
    const values = isRecord(schema) ? schema['enum'] : undefined;
    if (!Array.isArray(values) || values.length <= MAX_ENUM_VALUES) return;
    const where = path === '' ? 'the input schema' : `parameter '${path}'`;
    warnings.push(
      toolWarning(
        'enum_large',
        tool.name,
        `${where} of '${tool.name}' lists ${values.length} values (over ${MAX_ENUM_VALUES}): every tools/list pays for them; use a pattern, or a tool that lists the values`,
      ),
    );
  });
  return warnings;
}
