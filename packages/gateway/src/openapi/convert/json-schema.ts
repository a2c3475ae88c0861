import type { JsonSchema } from '@mcpforge/server';

/**
 * OpenAPI schemas (2.0, 3.0 and 3.1, already dereferenced: shared and cyclic JS objects) as
 * JSON Schema 2020-12 that the toolkit's strict validator compiles:
 * - 3.0 `nullable` becomes a `null` type (or enum member), `example` becomes `examples`,
 *   boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers, a tuple `items` `prefixItems`;
 * - OpenAPI-only keywords (`discriminator`, `xml`, `externalDocs`, `x-...`) and keywords that
 *   do not apply to the schema's type are dropped; formats the validator does not know and
 *   patterns that are not valid Unicode regular expressions are dropped; every other pattern is
 *   kept as written (the validator runs it in linear time, whatever it is), and one that engine
 *   cannot run (lookaround, backreferences) refuses its operation when the input schema is
 *   compiled (`operation-input.ts`), rather than being silently dropped;
 * - a missing `type` is inferred from the keywords (so `properties` means an object);
 * - request side: `readOnly` properties are left out (and out of `required`), `writeOnly`
 *   kept;
 * - a schema that contains itself becomes a `$defs` entry and local `$ref`s; nesting past
 *   `maxDepth` or output past `maxNodes` schemas becomes `{}` (anything), with a warning.
 * @module
 */

/** Formats the toolkit's validator (ajv-formats) knows; others would fail to compile. */
const KNOWN_FORMATS = new Set([
  'date',
  'time',
  'date-time',
  'iso-time',
  'iso-date-time',
  'duration',
  'uri',
  'uri-reference',
  'uri-template',
  'url',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'regex',
  'uuid',
  'json-pointer',
  'json-pointer-uri-fragment',
  'relative-json-pointer',
  'byte',
  'int32',
  'int64',
  'float',
  'double',
  'password',
  'binary',
]);

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);
const OBJECT_KEYWORDS = [
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'minProperties',
  'maxProperties',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'unevaluatedProperties',
] as const;
const ARRAY_KEYWORDS = [
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contains',
  'minContains',
  'maxContains',
  'unevaluatedItems',
] as const;
const STRING_KEYWORDS = ['minLength', 'maxLength', 'pattern', 'contentEncoding', 'contentMediaType'] as const;
const NUMBER_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const;
const COUNTS = new Set([
  'minProperties',
  'maxProperties',
  'minItems',
  'maxItems',
  'minContains',
  'maxContains',
  'minLength',
  'maxLength',
]);

/** Bounds of one conversion. */
export interface SchemaBounds {
  /** Deepest schema nesting kept. */
  maxDepth: number;
  /** Most schema objects emitted. */
  maxNodes: number;
}

/** Bounds that keep an input schema inside the validator's limits (depth 32, 1000 subschemas). */
export const DEFAULT_SCHEMA_BOUNDS: SchemaBounds = { maxDepth: 10, maxNodes: 600 };

type Source = Record<string, unknown>;

/** Most `allOf` parts followed when merging a body's members. */
const MAX_ALL_OF_PARTS = 64;

function isRecord(value: unknown): value is Source {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isValidPattern(pattern: unknown): pattern is string {
  if (typeof pattern !== 'string') return false;
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** JSON text of `value`, or undefined when it has none (cyclic after dereferencing, a BigInt...). */
function jsonOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

function uniqueJson(values: readonly unknown[]): unknown[] {
  const seen = new Set<string>();
  const kept: unknown[] = [];
  for (const value of values.slice(0, 1000)) {
    const json = jsonOf(value);
    if (json === undefined || seen.has(json)) continue;
    seen.add(json);
    kept.push(value);
  }
  return kept;
}

/** Small JSON values only: an example is for the model, not a payload to carry. */
function smallJson(value: unknown): boolean {
  try {
    const json = JSON.stringify(value);
    return json !== undefined && json.length <= 1024;
  } catch {
    return false;
  }
}

/** Whether a (source) schema is marked `readOnly: true`. */
export function isReadOnly(schema: unknown): boolean {
  return isRecord(schema) && schema['readOnly'] === true;
}

/**
 * One conversion: the `$defs` it collects are shared by every schema converted with it, so an
 * input schema made from several parameters and a body has one `$defs`.
 */
export class SchemaConverter {
  readonly #bounds: SchemaBounds;
  readonly #ancestors = new Set<object>();
  readonly #defNames = new Map<object, string>();
  readonly #defs: Record<string, JsonSchema> = {};
  readonly #usedNames = new Set<string>();
  #nodes = 0;
  readonly warnings: string[] = [];

  constructor(bounds: SchemaBounds = DEFAULT_SCHEMA_BOUNDS) {
    this.#bounds = bounds;
  }

  /** The `$defs` collected so far (empty when no schema was recursive). */
  get defs(): Record<string, JsonSchema> {
    return this.#defs;
  }

  /** Converts one schema; `depth` is how deep it sits in the input schema. */
  convert(schema: unknown, depth = 1): JsonSchema | boolean {
    if (typeof schema === 'boolean') return schema;
    if (!isRecord(schema)) return {};
    if (this.#ancestors.has(schema) || this.#defs[this.#defNames.get(schema) ?? ''] !== undefined) {
      return { $ref: `#/$defs/${this.#defName(schema)}` };
    }
    if (depth > this.#bounds.maxDepth || this.#nodes >= this.#bounds.maxNodes) {
      this.#warnOnce('a schema nests too deeply or is too large: its deepest parts accept any value');
      return this.#loose(schema);
    }
    this.#nodes += 1;
    this.#ancestors.add(schema);
    let converted: JsonSchema;
    try {
      converted = this.#convertObject(schema, depth);
    } finally {
      this.#ancestors.delete(schema);
    }
    const name = this.#defNames.get(schema);
    if (name === undefined) return converted;
    this.#defs[name] = converted;
    return { $ref: `#/$defs/${name}` };
  }

  /**
   * The members of an object schema, converted, for merging at the top of an input schema:
   * readOnly members left out. Follows `allOf` parts that are objects.
   */
  objectMembers(schema: unknown): { properties: Record<string, JsonSchema | boolean>; required: string[] } {
    const properties: Record<string, JsonSchema | boolean> = {};
    const required: string[] = [];
    const visit = (node: unknown, seen: Set<object>) => {
      if (!isRecord(node) || seen.has(node) || seen.size > MAX_ALL_OF_PARTS) return;
      seen.add(node);
      this.#ancestors.add(node);
      try {
        if (isRecord(node['properties'])) {
          for (const [name, member] of Object.entries(node['properties'])) {
            if (isReadOnly(member)) continue;
            properties[name] = this.convert(member, 2);
          }
        }
        if (Array.isArray(node['required'])) {
          for (const name of node['required']) if (typeof name === 'string') required.push(name);
        }
        if (Array.isArray(node['allOf'])) for (const part of node['allOf']) visit(part, seen);
      } finally {
        this.#ancestors.delete(node);
      }
    };
    visit(schema, new Set());
    // Members whose schema recursed into the root: the root itself becomes a definition.
    if (
      isRecord(schema) &&
      this.#defNames.has(schema) &&
      this.#defs[this.#defNames.get(schema) ?? ''] === undefined
    ) {
      this.convert(schema, 1);
    }
    return { properties, required: [...new Set(required)].filter((name) => Object.hasOwn(properties, name)) };
  }

  /** Whether an (object) schema has members to merge; `allOf` followed a bounded depth (it may be cyclic). */
  static isObjectSchema(schema: unknown, depth = 0): boolean {
    if (!isRecord(schema) || depth > 8) return false;
    const type = schema['type'];
    if (type === 'object') return true;
    if (type === undefined && (isRecord(schema['properties']) || Array.isArray(schema['allOf']))) {
      return (
        isRecord(schema['properties']) ||
        (schema['allOf'] as unknown[]).every((part) => SchemaConverter.isObjectSchema(part, depth + 1))
      );
    }
    return false;
  }

  #warnOnce(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }

  #defName(schema: Source): string {
    const known = this.#defNames.get(schema);
    if (known !== undefined) return known;
    const title = typeof schema['title'] === 'string' ? schema['title'].replace(/[^A-Za-z0-9_]+/g, '_') : '';
    let name = title === '' ? 'schema' : title.slice(0, 40);
    for (let n = 2; this.#usedNames.has(name); n += 1)
      name = `${title === '' ? 'schema' : title.slice(0, 40)}_${n}`;
    this.#usedNames.add(name);
    this.#defNames.set(schema, name);
    return name;
  }

  /** What stands for a part cut off: anything, with its description kept. */
  #loose(schema: Source): JsonSchema {
    const loose: JsonSchema = {};
    if (typeof schema['description'] === 'string') loose['description'] = schema['description'];
    return loose;
  }

  #types(schema: Source): string[] | undefined {
    const raw = schema['type'];
    let types: string[] | undefined;
    if (typeof raw === 'string') types = [raw];
    else if (Array.isArray(raw)) types = raw.filter((t): t is string => typeof t === 'string');
    if (types !== undefined) {
      types = types.map((t) => (t === 'file' ? 'string' : t)).filter((t) => TYPES.has(t));
      if (types.length === 0) types = undefined;
    }
    if (types === undefined) {
      if (OBJECT_KEYWORDS.some((k) => schema[k] !== undefined)) types = ['object'];
      else if (ARRAY_KEYWORDS.some((k) => schema[k] !== undefined)) types = ['array'];
      else if (STRING_KEYWORDS.some((k) => schema[k] !== undefined)) types = ['string'];
      else if (NUMBER_KEYWORDS.some((k) => schema[k] !== undefined)) types = ['number'];
    }
    if (types !== undefined && schema['nullable'] === true && !types.includes('null')) types.push('null');
    return types === undefined ? undefined : [...new Set(types)];
  }

  #convertObject(schema: Source, depth: number): JsonSchema {
    const out: JsonSchema = {};
    const types = this.#types(schema);
    const has = (type: string) => types === undefined || types.includes(type);
    const numeric = types !== undefined && (types.includes('number') || types.includes('integer'));
    if (types !== undefined) out['type'] = types.length === 1 ? (types[0] as string) : types;

    for (const key of ['title', 'description'] as const) {
      if (typeof schema[key] === 'string') out[key] = schema[key];
    }
    for (const key of ['deprecated', 'readOnly', 'writeOnly'] as const) {
      if (typeof schema[key] === 'boolean') out[key] = schema[key];
    }
    if (schema['default'] !== undefined && smallJson(schema['default'])) out['default'] = schema['default'];
    if (Array.isArray(schema['examples'])) {
      const examples = schema['examples'].filter(smallJson);
      if (examples.length > 0) out['examples'] = examples.slice(0, 5);
    } else if (schema['example'] !== undefined && smallJson(schema['example'])) {
      out['examples'] = [schema['example']];
    }
    if (Array.isArray(schema['enum'])) {
      const values = uniqueJson(schema['enum']);
      if (schema['nullable'] === true && !values.includes(null)) values.push(null);
      if (values.length > 0) out['enum'] = values;
    }
    if (schema['const'] !== undefined && smallJson(schema['const'])) out['const'] = schema['const'];
    if (typeof schema['format'] === 'string' && KNOWN_FORMATS.has(schema['format']) && types !== undefined) {
      if (types.includes('string') || numeric) out['format'] = schema['format'];
    }

    if (types !== undefined && has('string')) {
      for (const key of ['minLength', 'maxLength'] as const) this.#copyCount(schema, out, key);
      if (schema['pattern'] !== undefined) {
        if (isValidPattern(schema['pattern'])) out['pattern'] = schema['pattern'];
        else this.#warnOnce('a pattern that is not a valid regular expression was left out');
      }
      for (const key of ['contentEncoding', 'contentMediaType'] as const) {
        if (typeof schema[key] === 'string') out[key] = schema[key];
      }
    }
    if (numeric) this.#copyNumbers(schema, out);
    if (types !== undefined && has('array')) this.#copyArray(schema, out, depth);
    if (types !== undefined && has('object')) this.#copyObject(schema, out, depth);

    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const parts = schema[key];
      if (!Array.isArray(parts)) continue;
      const converted = parts.map((part) => this.convert(part, depth + 1));
      if (converted.length > 0) out[key] = converted;
    }
    for (const key of ['not', 'if', 'then', 'else'] as const) {
      if (isRecord(schema[key]) || typeof schema[key] === 'boolean')
        out[key] = this.convert(schema[key], depth + 1);
    }
    return out;
  }

  #copyCount(schema: Source, out: JsonSchema, key: string): void {
    const value = schema[key];
    if (COUNTS.has(key) && typeof value === 'number' && Number.isInteger(value) && value >= 0)
      out[key] = value;
  }

  #copyNumbers(schema: Source, out: JsonSchema): void {
    const number = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
    if (number(schema['multipleOf']) && schema['multipleOf'] > 0) out['multipleOf'] = schema['multipleOf'];
    for (const [bound, exclusive] of [
      ['minimum', 'exclusiveMinimum'],
      ['maximum', 'exclusiveMaximum'],
    ] as const) {
      const limit = schema[bound];
      const flag = schema[exclusive];
      if (number(flag)) out[exclusive] = flag;
      if (!number(limit)) continue;
      // OpenAPI 3.0 and 2.0: `exclusiveMinimum: true` makes `minimum` exclusive.
      if (flag === true) out[exclusive] = limit;
      else out[bound] = limit;
    }
  }

  #copyArray(schema: Source, out: JsonSchema, depth: number): void {
    for (const key of ['minItems', 'maxItems', 'minContains', 'maxContains'] as const)
      this.#copyCount(schema, out, key);
    if (typeof schema['uniqueItems'] === 'boolean') out['uniqueItems'] = schema['uniqueItems'];
    const items = schema['items'];
    if (Array.isArray(items)) {
      out['prefixItems'] = items.map((item) => this.convert(item, depth + 1));
    } else if (isRecord(items) || typeof items === 'boolean') {
      out['items'] = this.convert(items, depth + 1);
    }
    if (Array.isArray(schema['prefixItems'])) {
      out['prefixItems'] = schema['prefixItems'].map((item) => this.convert(item, depth + 1));
    }
    if (isRecord(schema['contains'])) out['contains'] = this.convert(schema['contains'], depth + 1);
  }

  #copyObject(schema: Source, out: JsonSchema, depth: number): void {
    for (const key of ['minProperties', 'maxProperties'] as const) this.#copyCount(schema, out, key);
    if (isRecord(schema['properties'])) {
      const properties: Record<string, JsonSchema | boolean> = {};
      for (const [name, member] of Object.entries(schema['properties'])) {
        if (isReadOnly(member)) continue;
        properties[name] = this.convert(member, depth + 1);
      }
      out['properties'] = properties;
      if (Array.isArray(schema['required'])) {
        const required = [
          ...new Set(schema['required'].filter((name): name is string => typeof name === 'string')),
        ].filter(
          (name) => Object.hasOwn(properties, name) || !isRecord((schema['properties'] as Source)[name]),
        );
        if (required.length > 0) out['required'] = required;
      }
    } else if (Array.isArray(schema['required'])) {
      const required = [
        ...new Set(schema['required'].filter((name): name is string => typeof name === 'string')),
      ];
      if (required.length > 0) out['required'] = required;
    }
    const additional = schema['additionalProperties'];
    if (typeof additional === 'boolean') out['additionalProperties'] = additional;
    else if (isRecord(additional)) out['additionalProperties'] = this.convert(additional, depth + 1);
    if (isRecord(schema['patternProperties'])) {
      const patterns: Record<string, JsonSchema | boolean> = {};
      for (const [pattern, member] of Object.entries(schema['patternProperties'])) {
        if (isValidPattern(pattern)) patterns[pattern] = this.convert(member, depth + 1);
      }
      out['patternProperties'] = patterns;
    }
    if (isRecord(schema['propertyNames']))
      out['propertyNames'] = this.convert(schema['propertyNames'], depth + 1);
  }
}
