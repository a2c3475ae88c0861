import type { JsonSchema } from '@mcpforge/server';

/** Deepest nesting the checks look into: tool schemas are bounded, this bounds the walk too. */
const MAX_DEPTH = 16;

/** A subschema met by {@link walkSchema}: where it is (`filter.status`, `ids[]`) and whether it is a named property. */
export interface SchemaSite {
  path: string;
  schema: unknown;
  /** A member of some `properties` (the parameters a model fills in). */
  property: boolean;
}

const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Visits `schema` and its subschemas the checks care about: properties (by name), array
 * items, `additionalProperties` schemas and the members of `anyOf`/`oneOf`/`allOf`. The root
 * is visited with path `''`.
 */
export function walkSchema(schema: JsonSchema, visit: (site: SchemaSite) => void): void {
  const walk = (node: unknown, path: string, property: boolean, depth: number): void => {
    visit({ path, schema: node, property });
    if (!isRecord(node) || depth >= MAX_DEPTH) return;
    const properties = node['properties'];
    if (isRecord(properties)) {
      for (const [name, child] of Object.entries(properties)) {
        walk(child, path === '' ? name : `${path}.${name}`, true, depth + 1);
      }
    }
    if (isRecord(node['items']) || node['items'] === true) walk(node['items'], `${path}[]`, false, depth + 1);
    if (isRecord(node['additionalProperties']))
      walk(node['additionalProperties'], `${path}{}`, false, depth + 1);
    for (const key of SUBSCHEMA_LISTS) {
      const list = node[key];
      if (Array.isArray(list)) for (const child of list) walk(child, path, false, depth + 1);
    }
  };
  walk(schema, '', false, 0);
}
