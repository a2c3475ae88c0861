/** Why a schema was refused by `SchemaCompiler.check`/`compile`. */
export type SchemaErrorCode =
  /** Not valid JSON Schema 2020-12 under strict mode (unknown keyword, bad type, bad pattern...). */
  | 'ERR_SCHEMA_INVALID'
  /** Over a configured `SchemaLimits` bound (depth, subschema count, size). */
  | 'ERR_SCHEMA_TOO_COMPLEX'
  /** A `$ref` that points outside the schema; schemas are never fetched. */
  | 'ERR_SCHEMA_REMOTE_REF';

/** A schema the compiler refuses. A programming/configuration error, never a tool-call outcome. */
export class SchemaError extends Error {
  override readonly name = 'SchemaError';
  /** Named reason, stable across versions. */
  readonly code: SchemaErrorCode;

  constructor(code: SchemaErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
