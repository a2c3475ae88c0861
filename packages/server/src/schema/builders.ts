/**
 * JSON Schema 2020-12 builders. Each builder returns plain JSON (safe to
 * `JSON.stringify`, send on the wire or hand to Ajv) typed with the value it accepts.
 */
import type {
  Infer,
  InferShape,
  JsonSchema,
  OptionalSchema,
  Schema,
  SchemaAnnotations,
  Shape,
} from './types.js';

/** Run-time marker of `s.optional`; non-enumerable, so JSON output never shows it. */
const OPTIONAL = Symbol('forge.schema.optional');

/** Options of `s.string`. */
export interface StringOptions extends SchemaAnnotations<string> {
  minLength?: number | undefined;
  maxLength?: number | undefined;
  /** ECMAScript regular expression source (JSON Schema `pattern`, unanchored). */
  pattern?: string | undefined;
  /** A format name, e.g. `uri`, `email`, `date-time`, `uuid` (checked by the validator). */
  format?: string | undefined;
}

/** Options of `s.integer` and `s.number`. */
export interface NumberOptions extends SchemaAnnotations<number> {
  minimum?: number | undefined;
  maximum?: number | undefined;
  exclusiveMinimum?: number | undefined;
  exclusiveMaximum?: number | undefined;
  multipleOf?: number | undefined;
}

/** Options of `s.array`. */
export interface ArrayOptions<T> extends SchemaAnnotations<T[]> {
  minItems?: number | undefined;
  maxItems?: number | undefined;
  uniqueItems?: boolean | undefined;
}

/** Options of `s.object`. */
export interface ObjectOptions<T> extends SchemaAnnotations<T> {
  /** `false` (default) rejects unknown keys; `true` allows any; a schema constrains them. */
  additionalProperties?: boolean | JsonSchema | undefined;
  minProperties?: number | undefined;
  maxProperties?: number | undefined;
}

/** Options of `s.record`. */
export interface RecordOptions<T> extends SchemaAnnotations<Record<string, T>> {
  minProperties?: number | undefined;
  maxProperties?: number | undefined;
  /** Schema every key must match, e.g. `s.string({ pattern: '^[a-z]+$' })`. */
  propertyNames?: JsonSchema | undefined;
}

type Literal = string | number | boolean | null;

/** The object type of `s.object(shape, options)`, open when additional properties are allowed. */
export type ObjectType<P extends Shape, A> = A extends false | undefined
  ? InferShape<P>
  : InferShape<P> & { [key: string]: unknown };

/** Copies the defined keywords in order, then annotations, then raw keywords. */
function build<T>(keywords: JsonSchema, options: SchemaAnnotations<unknown> = {}): Schema<T> {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(keywords)) {
    if (value !== undefined) out[key] = value;
  }
  const { title, description, deprecated, keywords: raw } = options;
  if (title !== undefined) out['title'] = title;
  if (description !== undefined) out['description'] = description;
  if ('default' in options && options.default !== undefined) out['default'] = options.default;
  if (options.examples !== undefined) out['examples'] = [...options.examples];
  if (deprecated !== undefined) out['deprecated'] = deprecated;
  if (raw !== undefined) Object.assign(out, raw);
  return out as Schema<T>;
}

function typeOfLiteral(value: Literal): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function isOptional(schema: Schema<unknown>): boolean {
  return (schema as { [OPTIONAL]?: true })[OPTIONAL] === true;
}

/** A shallow copy of a schema without the optional marker (own enumerable keys only). */
function plain(schema: Schema<unknown>): JsonSchema {
  return { ...schema };
}

/** A string. */
function string(options: StringOptions = {}): Schema<string> {
  const { minLength, maxLength, pattern, format } = options;
  return build({ type: 'string', minLength, maxLength, pattern, format }, options);
}

/** An integer (a JSON number without fraction; `"3"` and `true` are not integers). */
function integer(options: NumberOptions = {}): Schema<number> {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = options;
  return build(
    { type: 'integer', minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf },
    options,
  );
}

/** Any JSON number. */
function number(options: NumberOptions = {}): Schema<number> {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = options;
  return build({ type: 'number', minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf }, options);
}

/** `true` or `false`. */
function boolean(options: SchemaAnnotations<boolean> = {}): Schema<boolean> {
  return build({ type: 'boolean' }, options);
}

/** JSON `null`. */
function nullValue(options: SchemaAnnotations<null> = {}): Schema<null> {
  return build({ type: 'null' }, options);
}

/** An array whose every item matches `items`. */
function array<I extends Schema<unknown>>(
  items: I,
  options: ArrayOptions<Infer<I>> = {},
): Schema<Infer<I>[]> {
  const { minItems, maxItems, uniqueItems } = options;
  return build({ type: 'array', items: plain(items), minItems, maxItems, uniqueItems }, options);
}

/**
 * An object with the given properties. `properties` is always present (even `{}`),
 * `required` lists every key not wrapped in `s.optional` (omitted when empty), and
 * unknown keys are rejected unless `additionalProperties` says otherwise.
 */
function object<P extends Shape, const A extends boolean | JsonSchema | undefined = undefined>(
  shape: P,
  options: ObjectOptions<ObjectType<P, A>> & { additionalProperties?: A | undefined } = {},
): Schema<ObjectType<P, A>> {
  const properties: JsonSchema = {};
  const required: string[] = [];
  for (const [key, schema] of Object.entries(shape)) {
    properties[key] = plain(schema);
    if (!isOptional(schema)) required.push(key);
  }
  const additional = options.additionalProperties;
  return build(
    {
      type: 'object',
      properties,
      required: required.length > 0 ? required : undefined,
      additionalProperties:
        additional === undefined || additional === false
          ? false
          : typeof additional === 'boolean'
            ? true
            : { ...additional },
      minProperties: options.minProperties,
      maxProperties: options.maxProperties,
    },
    options,
  );
}

/** An object used as a map: any keys, every value matching `values`. */
function record<V extends Schema<unknown>>(
  values: V,
  options: RecordOptions<Infer<V>> = {},
): Schema<Record<string, Infer<V>>> {
  const { minProperties, maxProperties, propertyNames } = options;
  return build(
    {
      type: 'object',
      additionalProperties: plain(values),
      propertyNames: propertyNames === undefined ? undefined : { ...propertyNames },
      minProperties,
      maxProperties,
    },
    options,
  );
}

/** One of the listed values. All strings → `type: 'string'` is added for clients that need a type. */
function enumOf<const V extends readonly [Literal, ...Literal[]]>(
  values: V,
  options: SchemaAnnotations<V[number]> = {},
): Schema<V[number]> {
  const allStrings = values.every((value) => typeof value === 'string');
  return build({ type: allStrings ? 'string' : undefined, enum: [...values] }, options);
}

/** Exactly this value (`const`), with its JSON type. */
function literal<const V extends Literal>(value: V, options: SchemaAnnotations<V> = {}): Schema<V> {
  return build({ type: typeOfLiteral(value), const: value }, options);
}

/**
 * The schema or `null`. A plain `type: 'x'` schema becomes `type: ['x', 'null']`;
 * anything else (enum, const, composition) becomes `anyOf: [schema, {type:'null'}]`.
 */
function nullable<S extends Schema<unknown>>(schema: S): Schema<Infer<S> | null> {
  const copy = plain(schema);
  const type = copy['type'];
  if (typeof type === 'string' && !('enum' in copy) && !('const' in copy)) {
    return { ...copy, type: [type, 'null'] } as unknown as Schema<Infer<S> | null>;
  }
  return { anyOf: [copy, { type: 'null' }] } as unknown as Schema<Infer<S> | null>;
}

/** Any of the given schemas (`anyOf`). */
function union<const S extends readonly [Schema<unknown>, ...Schema<unknown>[]]>(
  ...schemas: S
): Schema<Infer<S[number]>> {
  return { anyOf: schemas.map(plain) } as unknown as Schema<Infer<S[number]>>;
}

/**
 * Marks an object property as optional. Only meaningful inside `s.object`'s shape;
 * the marker is a non-enumerable symbol, so the JSON is the wrapped schema itself.
 */
function optional<S extends Schema<unknown>>(schema: S): OptionalSchema<Infer<S>> {
  const copy = plain(schema);
  Object.defineProperty(copy, OPTIONAL, { value: true, enumerable: false });
  return copy as OptionalSchema<Infer<S>>;
}

/** A copy of `schema` with annotations and raw keywords added (e.g. to describe a union). */
function annotate<S extends Schema<unknown>>(schema: S, options: SchemaAnnotations<Infer<S>>): S {
  const copy = build<Infer<S>>(plain(schema), options);
  if (isOptional(schema)) Object.defineProperty(copy, OPTIONAL, { value: true, enumerable: false });
  return copy as unknown as S;
}

/** Types a hand-written schema: `s.raw<{ id: string }>({ type: 'object', ... })`. Trusts the caller. */
function raw<T = unknown>(schema: JsonSchema): Schema<T> {
  return { ...schema } as Schema<T>;
}

/** Accepts any JSON value (`{}`). */
function any(options: SchemaAnnotations<unknown> = {}): Schema<unknown> {
  return build({}, options);
}

/**
 * The schema builders. Example:
 * ```ts
 * const input = s.object({ query: s.string({ minLength: 1 }), limit: s.optional(s.integer({ minimum: 1 })) });
 * type Input = Infer<typeof input>; // { query: string; limit?: number }
 * ```
 */
export const s = {
  string,
  integer,
  number,
  boolean,
  null: nullValue,
  array,
  object,
  record,
  enum: enumOf,
  literal,
  nullable,
  union,
  optional,
  annotate,
  raw,
  any,
} as const;
