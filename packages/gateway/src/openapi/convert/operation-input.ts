import { type JsonSchema, SchemaCompiler, SchemaError } from '@mcpforge/server';
import { type ArgumentPlacement, HEADER_NAME, RESERVED_HEADERS } from '../../catalog/rest-binding.js';
import { schemaFieldError } from '../../catalog/tool-schema.js';
import { SchemaConverter } from './json-schema.js';
import type { NormalOperation, NormalParameter } from './normal-document.js';
import { IGNORED_HEADER_PARAMETERS, placementOf } from './parameter-placement.js';
import { isRecord } from './records.js';
import { jsonBodySchema } from './request-body.js';

/**
 * An operation's tool input: one flat object of its path, query, header and cookie
 * parameters and the members of its JSON object body, and where each goes.
 *
 * Argument names: a parameter's or body member's name with every run outside
 * `A-Za-z0-9_.-` as `_` (at most 64 characters). Parameters are named first, in the order
 * path, query, header, cookie; a parameter whose name is taken becomes `<in>_<name>`
 * (`query_id`); a body member whose name is taken becomes `body_<name>`; a name still taken
 * gets `_2`, `_3`... The upstream still gets the original names. A JSON body that is not an
 * object (array, scalar, alternatives that are not all objects) is one argument, `body`
 * (`body_body` when a parameter is called `body`), sent as the whole body.
 * @module
 */

/** Headers the binding owns (the gateway's, and the cookie header it builds); a header parameter of that name is left out. */
const BINDING_HEADERS: ReadonlySet<string> = new Set([...RESERVED_HEADERS, 'cookie']);
const PATH_LITERAL_CHAR = /[A-Za-z0-9\-._~!$&'()*+,;=:@/%]/;
const LOCATION_ORDER = ['path', 'query', 'header', 'cookie'] as const;

/** The tool input of an operation, or why it has none. */
export type OperationInput =
  | {
      inputSchema: JsonSchema;
      arguments: Record<string, ArgumentPlacement>;
      /** The binding path: placeholders renamed to `[A-Za-z_][A-Za-z0-9_]*`, other characters encoded. */
      path: string;
      /** Whether the operation sends a JSON body. */
      hasBody: boolean;
      warnings: string[];
    }
  | { skip: string };

/** An argument name: runs outside `A-Za-z0-9_.-` as `_`, at most 64 characters. */
export function argumentName(name: string): string {
  const clean = name.replace(/[^A-Za-z0-9_.-]+/g, '_').slice(0, 64);
  return clean === '' || clean === '_' ? 'arg' : clean;
}

class ArgumentNames {
  readonly #taken = new Set<string>();
  /** `name`, else `prefix_name`, else numbered. */
  claim(name: string, prefix: string): string {
    const plain = argumentName(name);
    for (const candidate of [plain, argumentName(`${prefix}_${plain}`)]) {
      if (!this.#taken.has(candidate)) {
        this.#taken.add(candidate);
        return candidate;
      }
    }
    for (let n = 2; ; n += 1) {
      const candidate = `${argumentName(`${prefix}_${plain}`).slice(0, 60)}_${n}`;
      if (!this.#taken.has(candidate)) {
        this.#taken.add(candidate);
        return candidate;
      }
    }
  }
}

/** The path with placeholders renamed (`{pet-id}` -> `{pet_id}`) and literal characters encoded. */
function bindingPath(path: string): { path: string; placeholders: Map<string, string> } | { skip: string } {
  const placeholders = new Map<string, string>();
  const used = new Set<string>();
  let out = '';
  let rest = path.startsWith('/') ? path : `/${path}`;
  while (rest.length > 0) {
    const open = rest.indexOf('{');
    const literal = open < 0 ? rest : rest.slice(0, open);
    for (const char of literal) {
      out += PATH_LITERAL_CHAR.test(char) && char !== '%' ? char : encodeURIComponent(char);
    }
    if (open < 0) break;
    const close = rest.indexOf('}', open);
    if (close < 0) return { skip: `the path '${path}' has a '{' without '}'` };
    const original = rest.slice(open + 1, close);
    let safe = original.replace(/[^A-Za-z0-9_]+/g, '_');
    if (!/^[A-Za-z_]/.test(safe)) safe = `_${safe}`;
    while (used.has(safe) && placeholders.get(original) !== safe) safe = `${safe}_`;
    used.add(safe);
    placeholders.set(original, safe);
    out += `{${safe}}`;
    rest = rest.slice(close + 1);
  }
  if (out.split('/').some((segment) => segment === '.' || segment === '..')) {
    return { skip: `the path '${path}' has a '.' or '..' segment` };
  }
  return { path: out, placeholders };
}

/** Merged members of an object body (alternatives of anyOf/oneOf merged, none of their members required). */
function bodyMembers(
  converter: SchemaConverter,
  schema: unknown,
  warnings: string[],
): { properties: Record<string, JsonSchema | boolean>; required: string[] } | undefined {
  if (SchemaConverter.isObjectSchema(schema)) return converter.objectMembers(schema);
  if (!isRecord(schema)) return undefined;
  const alternatives = Array.isArray(schema['oneOf'])
    ? schema['oneOf']
    : Array.isArray(schema['anyOf'])
      ? schema['anyOf']
      : undefined;
  if (
    alternatives === undefined ||
    alternatives.length === 0 ||
    !alternatives.every((alternative) => SchemaConverter.isObjectSchema(alternative))
  ) {
    return undefined;
  }
  warnings.push('the request body has alternatives (oneOf/anyOf): their members are merged, none required');
  const properties: Record<string, JsonSchema | boolean> = {};
  for (const alternative of alternatives)
    Object.assign(properties, converter.objectMembers(alternative).properties);
  if (isRecord(schema['properties'])) Object.assign(properties, converter.objectMembers(schema).properties);
  return { properties, required: [] };
}

/**
 * Checks the schema with the toolkit's validator; a property that breaks it is loosened to `{}`,
 * except a pattern the linear-time engine cannot run (lookaround, backreferences): loosening
 * would drop the rule the document states, so the operation is refused, naming the pattern.
 */
function compilable(
  schema: JsonSchema,
  compiler: SchemaCompiler,
  warnings: string[],
): { schema: JsonSchema } | { skip: string } {
  let refused: SchemaError | undefined;
  const attempt = (candidate: JsonSchema): string | undefined => {
    try {
      compiler.check(candidate);
      return undefined;
    } catch (error) {
      if (!(error instanceof SchemaError)) throw error;
      if (error.code === 'ERR_SCHEMA_PATTERN') refused = error;
      return error.message;
    }
  };
  const failure = attempt(schema);
  if (failure === undefined) return { schema };
  if (refused !== undefined)
    return { skip: `the gateway refuses the draft: ${schemaFieldError('inputSchema', refused).message}` };
  const properties = { ...(schema['properties'] as Record<string, JsonSchema | boolean>) };
  const defs = schema['$defs'];
  for (const [name, member] of Object.entries(properties)) {
    const alone: JsonSchema = { type: 'object', properties: { [name]: member } };
    if (defs !== undefined) alone['$defs'] = defs;
    if (attempt(alone) === undefined) continue;
    properties[name] =
      typeof member === 'object' && typeof member['description'] === 'string'
        ? { description: member['description'] }
        : {};
    warnings.push(`argument '${name}' accepts any value: its schema did not compile (${failure})`);
  }
  const loosened: JsonSchema = { ...schema, properties };
  if (attempt(loosened) === undefined) return { schema: loosened };
  // Still over the validator's limits as a whole (size, subschemas): every argument loosened.
  warnings.push(`every argument accepts any value: the input schema did not compile (${failure})`);
  const open: Record<string, JsonSchema> = {};
  for (const name of Object.keys(properties)) open[name] = {};
  const rest: JsonSchema = { ...schema, properties: open };
  delete rest['$defs'];
  return { schema: rest };
}

/**
 * The tool input of `operation`; `staticHeaders` and `staticQuery` are the headers and query
 * parameters a security scheme already sets (parameters of those names are left out).
 */
export function operationInput(
  operation: NormalOperation,
  staticHeaders: ReadonlySet<string>,
  compiler: SchemaCompiler,
  staticQuery: ReadonlySet<string> = new Set(),
): OperationInput {
  const warnings: string[] = [];
  const rewritten = bindingPath(operation.path);
  if ('skip' in rewritten) return rewritten;
  const converter = new SchemaConverter();
  const names = new ArgumentNames();
  const properties: Record<string, JsonSchema | boolean> = {};
  const required: string[] = [];
  const placements: Record<string, ArgumentPlacement> = {};

  const parameters: NormalParameter[] = [...operation.parameters];
  for (const original of rewritten.placeholders.keys()) {
    if (!parameters.some((p) => p.in === 'path' && p.name === original)) {
      warnings.push(`path parameter '${original}' is not declared: taken as a string`);
      parameters.push({ name: original, in: 'path', required: true, schema: { type: 'string' } });
    }
  }
  parameters.sort((a, b) => LOCATION_ORDER.indexOf(a.in) - LOCATION_ORDER.indexOf(b.in));
  for (const parameter of parameters) {
    const label = `${parameter.in} parameter '${parameter.name}'`;
    const placeholder = rewritten.placeholders.get(parameter.name);
    if (parameter.in === 'path' && placeholder === undefined) {
      warnings.push(`${label} is not in the path: left out`);
      continue;
    }
    if (parameter.in === 'header') {
      const lower = parameter.name.toLowerCase();
      if (IGNORED_HEADER_PARAMETERS.has(lower)) continue;
      if (BINDING_HEADERS.has(lower) || staticHeaders.has(lower) || !HEADER_NAME.test(parameter.name)) {
        warnings.push(`${label} is set by the gateway or a security scheme: left out`);
        continue;
      }
    }
    if (parameter.in === 'query' && staticQuery.has(parameter.name)) {
      warnings.push(`${label} is set by a security scheme: left out`);
      continue;
    }
    if (parameter.in === 'cookie' && !HEADER_NAME.test(parameter.name)) {
      warnings.push(`${label} is not a valid cookie name: left out`);
      continue;
    }
    const placement = placementOf(parameter, placeholder ?? '');
    if ('refused' in placement) {
      if (parameter.required) return { skip: placement.refused };
      warnings.push(`${placement.refused}: left out`);
      continue;
    }
    const argument = names.claim(parameter.name, parameter.in);
    const schema = converter.convert(parameter.schema, 2);
    const described =
      typeof schema === 'object' && parameter.description !== undefined && schema['description'] === undefined
        ? { ...schema, description: parameter.description }
        : schema;
    properties[argument] = described;
    placements[argument] = placement;
    if (parameter.required) required.push(argument);
  }

  let hasBody = false;
  if (operation.body !== undefined) {
    const picked = jsonBodySchema(operation.body);
    const isForm = 'refused' in picked && /form|multipart/.test(picked.refused);
    if ('refused' in picked) {
      if (operation.body.required || isForm) return { skip: picked.refused };
      warnings.push(`${picked.refused}: the optional body is left out`);
    } else if (operation.method === 'GET') {
      if (operation.body.required) return { skip: 'a GET with a request body cannot be sent' };
      warnings.push('a GET request body is left out');
    } else {
      const members = bodyMembers(converter, picked.schema, warnings);
      hasBody = true;
      if (members === undefined) {
        // An array, a scalar or a schema of alternatives: the whole body is one argument.
        const argument = names.claim('body', 'body');
        const schema = converter.convert(picked.schema, 2);
        properties[argument] =
          typeof schema === 'object' &&
          operation.body.description !== undefined &&
          schema['description'] === undefined
            ? { ...schema, description: operation.body.description }
            : schema;
        placements[argument] = { in: 'payload', name: argument };
        if (operation.body.required) required.push(argument);
      } else
        for (const [member, schema] of Object.entries(members.properties)) {
          const argument = names.claim(member, 'body');
          properties[argument] = schema;
          placements[argument] = { in: 'body', name: member };
          if (operation.body.required && members.required.includes(member)) required.push(argument);
        }
      if (picked.mediaType !== 'application/json') {
        warnings.push(`the body is sent as application/json (the document says ${picked.mediaType})`);
      }
    }
  }

  warnings.push(...converter.warnings);
  const inputSchema: JsonSchema = { type: 'object', properties, additionalProperties: false };
  if (required.length > 0) inputSchema['required'] = required;
  if (Object.keys(converter.defs).length > 0) inputSchema['$defs'] = converter.defs;
  const checked = compilable(inputSchema, compiler, warnings);
  if ('skip' in checked) return checked;
  return {
    inputSchema: checked.schema,
    arguments: placements,
    path: rewritten.path,
    hasBody,
    warnings,
  };
}

/** A compiler for one conversion (its cache lives as long as the conversion). */
export function conversionCompiler(): SchemaCompiler {
  return new SchemaCompiler();
}
