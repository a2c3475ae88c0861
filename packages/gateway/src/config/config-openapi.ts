import { CONFIG_SCHEMA } from './config-schema.js';

/**
 * The admin API's OpenAPI components for configuration as code: the document (the published
 * schema, its `$defs` moved to components named `Config<Def>`) and the plan an apply answers.
 * @module
 */

type Schema = Record<string, unknown>;

const componentName = (def: string) => `Config${def[0]!.toUpperCase()}${def.slice(1)}`;

/** `value` with each `#/$defs/x` reference pointing at the component `Configx`. */
function componentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(componentRefs);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) =>
      key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
        ? [key, `#/components/schemas/${componentName(inner.slice('#/$defs/'.length))}`]
        : [key, componentRefs(inner)],
    ),
  );
}

const { $schema: _dialect, $id: _id, $defs, ...document } = CONFIG_SCHEMA;
const defs = Object.entries($defs as Record<string, Schema>).map(
  ([name, schema]) => [componentName(name), componentRefs(schema) as Schema] as const,
);

const STATUSES = ['created', 'changed', 'archived', 'removed', 'unchanged'];

const configPlan = {
  type: 'object',
  properties: {
    workspace: { type: 'string' },
    applied: { type: 'boolean', description: 'false for a dry run: nothing was changed' },
    workspaceCreated: { type: 'boolean' },
    entries: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          kind: { enum: ['section', 'upstreamHost', 'operation', 'agent'] },
          name: { type: 'string' },
          status: { enum: STATUSES },
          changes: {
            type: 'array',
            items: {
              type: 'object',
              properties: { path: { type: 'string' }, before: {}, after: {} },
              required: ['path'],
            },
          },
          published: { type: ['integer', 'null'], description: 'The version this apply published' },
        },
        required: ['kind', 'name', 'status', 'changes', 'published'],
      },
    },
    counts: {
      type: 'object',
      properties: Object.fromEntries(STATUSES.map((status) => [status, { type: 'integer', minimum: 0 }])),
    },
    warnings: { type: 'array', items: { type: 'string' } },
  },
  required: ['workspace', 'applied', 'workspaceCreated', 'entries', 'counts', 'warnings'],
};

export const CONFIG_COMPONENT_SCHEMAS: Record<string, Schema> = {
  ConfigDocument: componentRefs(document) as Schema,
  ...Object.fromEntries(defs),
  ConfigPlan: configPlan,
};
