/**
 * Type-level pieces of the schema builders: the phantom that carries the inferred
 * TypeScript type, and the permissive `JsonSchema` type for hand-written schemas.
 */

/** Type-only key of the phantom property; it never exists at run time. */
declare const inferredType: unique symbol;
/** Type-only key marking a property schema as optional inside `s.object`. */
declare const optionalMarker: unique symbol;

/**
 * A JSON Schema document or subschema as plain JSON. Deliberately permissive so
 * hand-written schemas (including vendor keywords like `x-mcp-header`) fit.
 */
export type JsonSchema = { [keyword: string]: unknown };

/**
 * A JSON Schema produced by the `s` builders. At run time it is a plain JSON
 * object; the type parameter `T` is the TypeScript type of values it accepts.
 */
export type Schema<T = unknown> = JsonSchema & { readonly [inferredType]: T };

/** A property schema wrapped by `s.optional`: the key may be absent. */
export type OptionalSchema<T = unknown> = Schema<T> & { readonly [optionalMarker]: true };

/** The TypeScript type accepted by schema `S` (`unknown` for a hand-written `JsonSchema`). */
export type Infer<S> = S extends { readonly [inferredType]: infer T } ? T : unknown;

/** What `s.object` accepts as its shape: property name → schema (optionally wrapped by `s.optional`). */
export type Shape = Record<string, Schema<unknown>>;

type OptionalKeys<P extends Shape> = {
  [K in keyof P]: P[K] extends { readonly [optionalMarker]: true } ? K : never;
}[keyof P];
type RequiredKeys<P extends Shape> = Exclude<keyof P, OptionalKeys<P>>;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The object type described by a shape: optional markers become optional keys. */
export type InferShape<P extends Shape> = Simplify<
  { [K in RequiredKeys<P>]: Infer<P[K]> } & { [K in OptionalKeys<P>]?: Infer<P[K]> }
>;

/** Annotation options every builder accepts. */
export interface SchemaAnnotations<T = unknown> {
  /** Short human title (`title`). */
  title?: string | undefined;
  /** Human/model-facing explanation (`description`). */
  description?: string | undefined;
  /** Documented default; validation never fills it in. */
  default?: T | undefined;
  /** Example values (`examples`). */
  examples?: readonly T[] | undefined;
  /** Marks the value as deprecated (`deprecated`). */
  deprecated?: boolean | undefined;
  /**
   * Escape hatch: raw keywords merged into the output as given, e.g.
   * `{ 'x-mcp-header': 'Region' }`. They win over builder-produced keywords.
   */
  keywords?: JsonSchema | undefined;
}
