/**
 * Arguments made from a tool's input schema: a valid set (for the probe) and a set that breaks
 * the schema (for the bad-arguments check). Both are best effort: the caller checks the result
 * against the compiled schema before relying on it.
 * @module
 */

type Schema = Record<string, unknown>;

const MAX_DEPTH = 8;

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a local `#/...` reference of `root`. */
function resolve(schema: Schema, root: Schema): Schema {
  const ref = schema['$ref'];
  if (typeof ref !== 'string' || !ref.startsWith('#')) return schema;
  let target: unknown = root;
  for (const part of ref.slice(1).split('/').filter(Boolean)) {
    if (!isObject(target)) return schema;
    target = target[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return isObject(target) ? target : schema;
}

function typeOf(schema: Schema): string | undefined {
  const type = schema['type'];
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((entry) => entry !== 'null') as string | undefined;
  if (isObject(schema['properties'])) return 'object';
  return undefined;
}

/** Strings that satisfy common formats, tried in order. */
const FORMAT_SAMPLES: Readonly<Record<string, string>> = {
  email: 'check@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  'uri-reference': 'https://example.com/',
  iri: 'https://example.com/',
  date: '2026-01-01',
  'date-time': '2026-01-01T00:00:00Z',
  time: '00:00:00Z',
  uuid: '00000000-0000-4000-8000-000000000000',
  hostname: 'example.com',
  ipv4: '127.0.0.1',
  ipv6: '::1',
};

/** Candidates for a string with a `pattern`; `accepts` picks the first the schema takes. */
const STRING_CANDIDATES = [
  'a',
  'example',
  'a1',
  'A',
  '1',
  'a-b',
  'a_b',
  'a.b',
  'abc',
  'ABC',
  '123',
  'example-1',
];

function sampleString(schema: Schema, accepts: (schema: Schema, value: unknown) => boolean): string {
  const format = schema['format'];
  if (typeof format === 'string' && Object.hasOwn(FORMAT_SAMPLES, format)) {
    const sample = FORMAT_SAMPLES[format];
    if (sample !== undefined) return sample;
  }
  const min = typeof schema['minLength'] === 'number' ? schema['minLength'] : 1;
  const candidates = [...STRING_CANDIDATES, 'a'.repeat(Math.max(1, min))];
  return candidates.find((candidate) => accepts(schema, candidate)) ?? 'a'.repeat(Math.max(1, min));
}

function sampleNumber(schema: Schema, integer: boolean): number {
  const minimum = schema['minimum'];
  const exclusive = schema['exclusiveMinimum'];
  let value = typeof minimum === 'number' ? minimum : typeof exclusive === 'number' ? exclusive + 1 : 1;
  const maximum = schema['maximum'];
  if (typeof maximum === 'number' && value > maximum) value = maximum;
  return integer ? Math.ceil(value) : value;
}

/**
 * A value `schema` accepts, as far as this can tell; `accepts` checks a candidate string
 * against a (sub)schema when a pattern must be met.
 */
export function sampleValue(
  input: unknown,
  root: Schema,
  accepts: (schema: Schema, value: unknown) => boolean,
  depth = 0,
): unknown {
  if (!isObject(input) || depth > MAX_DEPTH) return null;
  const schema = resolve(input, root);
  if ('const' in schema) return schema['const'];
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return schema['enum'][0];
  if ('default' in schema) return schema['default'];
  if (Array.isArray(schema['examples']) && schema['examples'].length > 0) return schema['examples'][0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0)
      return sampleValue(branches[0], root, accepts, depth + 1);
  }
  if (Array.isArray(schema['allOf']) && typeOf(schema) === undefined) {
    const merged = Object.assign({}, ...schema['allOf'].filter(isObject)) as Schema;
    return sampleValue(merged, root, accepts, depth + 1);
  }
  switch (typeOf(schema)) {
    case 'string':
      return sampleString(schema, accepts);
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const count = typeof schema['minItems'] === 'number' ? schema['minItems'] : 0;
      return Array.from({ length: Math.min(count, 10) }, () =>
        sampleValue(schema['items'], root, accepts, depth + 1),
      );
    }
    case 'object':
      return sampleObject(schema, root, accepts, depth);
    default:
      return 'a';
  }
}

function sampleObject(
  schema: Schema,
  root: Schema,
  accepts: (schema: Schema, value: unknown) => boolean,
  depth: number,
): Record<string, unknown> {
  const properties = isObject(schema['properties']) ? schema['properties'] : {};
  const required = Array.isArray(schema['required'])
    ? schema['required'].filter((key) => typeof key === 'string')
    : [];
  const value: Record<string, unknown> = {};
  for (const key of required) value[key] = sampleValue(properties[key] ?? {}, root, accepts, depth + 1);
  return value;
}

/** Arguments the schema accepts (as far as this can tell): the required properties, sampled. */
export function validArguments(
  schema: Schema,
  accepts: (schema: Schema, value: unknown) => boolean,
): Record<string, unknown> {
  return sampleObject(resolve(schema, schema), schema, accepts, 0);
}

/** A value of another JSON type than `type`. */
function wrongTypeValue(type: string): unknown {
  switch (type) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not a number';
    case 'boolean':
      return 'not a boolean';
    case 'array':
      return 'not an array';
    case 'object':
      return 'not an object';
    default:
      return undefined;
  }
}

/** A bad set of arguments and what is wrong with it. */
export interface BrokenArguments {
  arguments: Record<string, unknown>;
  /** What the arguments break, for the report. */
  breaks: string;
}

/**
 * Arguments that break `schema`: a required property of the wrong type (the rest valid), else
 * any typed property of the wrong type, else an unknown property where none is allowed.
 * Undefined when the schema accepts anything this can make.
 */
export function brokenArguments(
  schema: Schema,
  accepts: (schema: Schema, value: unknown) => boolean,
): BrokenArguments | undefined {
  const root = resolve(schema, schema);
  const properties = isObject(root['properties']) ? root['properties'] : {};
  const required = Array.isArray(root['required'])
    ? root['required'].filter((key) => typeof key === 'string')
    : [];
  const base = validArguments(schema, accepts);
  const candidates = [...required, ...Object.keys(properties).filter((key) => !required.includes(key))];
  for (const key of candidates) {
    const property = properties[key];
    if (!isObject(property)) continue;
    const type = typeOf(resolve(property, schema));
    if (type === undefined) continue;
    const wrong = wrongTypeValue(type);
    if (wrong === undefined) continue;
    return {
      arguments: { ...base, [key]: wrong },
      breaks: `'${key}' should be ${type === 'integer' || type === 'array' || type === 'object' ? 'an' : 'a'} ${type}, got ${JSON.stringify(wrong)}`,
    };
  }
  if (root['additionalProperties'] === false) {
    return {
      arguments: { ...base, mcpforge_check_unexpected: 1 },
      breaks: 'an unknown property where additionalProperties is false',
    };
  }
  return undefined;
}
