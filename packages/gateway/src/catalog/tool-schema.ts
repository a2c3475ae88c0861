import { type JsonSchema, SchemaCompiler, SchemaError } from '@mcpforge/server';
import { type GatewayError, invalidField } from '../errors/gateway-error.js';
import { readObject } from './field-reader.js';

/** Schemas one checking compiler sees before it is replaced: its cache keeps every schema it compiled. */
const CHECKS_PER_COMPILER = 256;
let checker: SchemaCompiler | undefined;
let checks = 0;

/**
 * The compiler that checks schemas: shared, since building one (two Ajv instances) costs more
 * than most checks (an OpenAPI import checks thousands), and replaced every
 * {@link CHECKS_PER_COMPILER} checks so what it caches stays bounded.
 */
function schemaChecker(): SchemaCompiler {
  if (checker === undefined || checks >= CHECKS_PER_COMPILER) {
    checker = new SchemaCompiler();
    checks = 0;
  }
  checks++;
  return checker;
}

/**
 * Checks a tool's `inputSchema` or `outputSchema`: an object schema (MCP requires
 * `type: 'object'`, and `properties` when given is an object) that the toolkit's validator
 * compiles exactly as it will enforce it at call time (JSON Schema 2020-12, strict, no remote
 * `$ref`, bounded size and depth, every pattern runnable in linear time): a schema that would
 * fail at call time is refused when a draft is saved or published, never when a tool is called.
 */
export function readToolSchema(value: unknown, field: string): JsonSchema {
  const schema = readObject(value, field);
  if (schema['type'] !== 'object') throw invalidField(`${field}.type`, "must be 'object'");
  if (schema['properties'] !== undefined) readObject(schema['properties'], `${field}.properties`);
  try {
    schemaChecker().check(schema);
  } catch (error) {
    if (error instanceof SchemaError) throw schemaFieldError(field, error);
    throw error;
  }
  return schema;
}

/**
 * `invalid_field` for a schema the compiler refused, naming the place in it when the compiler
 * knows it (a pattern the linear-time engine cannot run: `inputSchema.properties.email.pattern`).
 */
export function schemaFieldError(field: string, error: SchemaError): GatewayError {
  const { schemaPath } = error;
  if (schemaPath === undefined) return invalidField(field, error.message);
  const tokens = schemaPath
    .split('/')
    .slice(1)
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
  const prefix = `${schemaPath}: `;
  const reason = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  return invalidField([field, ...tokens].join('.'), reason);
}

/** The property names and required names of an object schema read by {@link readToolSchema}. */
export function schemaFacts(schema: JsonSchema): { properties: string[]; required: string[] } {
  const properties = Object.keys((schema['properties'] as Record<string, unknown> | undefined) ?? {});
  const required = Array.isArray(schema['required'])
    ? schema['required'].filter((name): name is string => typeof name === 'string')
    : [];
  return { properties, required };
}
