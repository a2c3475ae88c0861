import { type CatalogWarning, type QualityTool, toolWarning } from './catalog-warning.js';
import { isRecord, walkSchema } from './schema-walk.js';

/** Keywords that constrain a value; a schema with none of them accepts anything. */
const CONSTRAINING = [
  'type',
  'enum',
  'const',
  '$ref',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'properties',
  'items',
  'prefixItems',
  'pattern',
  'format',
];

function acceptsAnything(schema: unknown): boolean {
  if (schema === true) return true;
  if (!isRecord(schema)) return false;
  return !CONSTRAINING.some((keyword) => keyword in schema);
}

/** An object schema with no properties that still takes any member. */
function openEmptyObject(schema: unknown): boolean {
  if (!isRecord(schema) || schema['type'] !== 'object') return false;
  const properties = schema['properties'];
  const hasProperties = isRecord(properties) && Object.keys(properties).length > 0;
  const additional = schema['additionalProperties'];
  const closedOrTyped = additional === false || isRecord(additional);
  return !hasProperties && !closedOrTyped && schema['patternProperties'] === undefined;
}

/**
 * `schema_permissive` for each place in `tool`'s input schema that accepts any value (`{}`,
 * `true`, only annotations) or an object without properties that takes any member: a model
 * gets no guidance there and the gateway enforces nothing.
 */
export function permissiveSchemaWarnings(tool: QualityTool): CatalogWarning[] {
  const warnings: CatalogWarning[] = [];
  walkSchema(tool.inputSchema, ({ path, schema }) => {
    const where = path === '' ? 'the input schema' : `parameter '${path}'`;
    if (acceptsAnything(schema)) {
      warnings.push(
        toolWarning(
          'schema_permissive',
          tool.name,
          `${where} of '${tool.name}' accepts any value: give it a type (and an enum or a pattern where the values are known)`,
        ),
      );
    } else if (openEmptyObject(schema)) {
      warnings.push(
        toolWarning(
          'schema_permissive',
          tool.name,
          path === ''
            ? `the input schema of '${tool.name}' declares no parameters yet accepts any: add "additionalProperties": false if it takes none, or declare them`
            : `parameter '${path}' of '${tool.name}' is an object without properties that accepts any member: declare its properties or set additionalProperties`,
        ),
      );
    }
  });
  return warnings;
}
