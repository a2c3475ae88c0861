import { type JsonSchema, SchemaCompiler, SchemaError } from '@mcpforge/server';
import { invalidField } from '../errors/gateway-error.js';
import { readObject } from './field-reader.js';

/**
 * Checks a tool's `inputSchema` or `outputSchema`: an object schema (MCP requires
 * `type: 'object'`, and `properties` when given is an object) that the toolkit's validator
 * compiles exactly as it will enforce it at call time (JSON Schema 2020-12, strict, no remote
 * `$ref`, bounded size and depth).
 */
export function readToolSchema(value: unknown, field: string): JsonSchema {
  const schema = readObject(value, field);
  if (schema['type'] !== 'object') throw invalidField(`${field}.type`, "must be 'object'");
  if (schema['properties'] !== undefined) readObject(schema['properties'], `${field}.properties`);
  // A compiler per check: admin edits are rare, and its cache would otherwise keep every schema ever tried.
  try {
    new SchemaCompiler().check(schema);
  } catch (error) {
    if (error instanceof SchemaError) throw invalidField(field, error.message);
    throw error;
  }
  return schema;
}

/** The property names and required names of an object schema read by {@link readToolSchema}. */
export function schemaFacts(schema: JsonSchema): { properties: string[]; required: string[] } {
  const properties = Object.keys((schema['properties'] as Record<string, unknown> | undefined) ?? {});
  const required = Array.isArray(schema['required'])
    ? schema['required'].filter((name): name is string => typeof name === 'string')
    : [];
  return { properties, required };
}
