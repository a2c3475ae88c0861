import { Ajv2020, MissingRefError } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../schema/types.js';
import { canonicalJson } from './canonical-json.js';
import { SchemaError } from './errors.js';
import { toIssues, type ValidationOutcome } from './issues.js';
import { DEFAULT_SCHEMA_LIMITS, inspectSchema, type SchemaLimits } from './limits.js';

/** A compiled validator. Pure: it never changes the value (no coercion, no defaults). */
export type Validator = (value: unknown) => ValidationOutcome;

/** Options of `SchemaCompiler`: the schema limits plus how issues are reported. */
export interface SchemaCompilerOptions extends SchemaLimits {
  /** Most issues reported per failed validation. Default 20. */
  maxIssues?: number;
  /** What the messages call a field: `argument` (default) gives `argument 'limit': ...`. */
  subject?: string;
}

/**
 * Compiles JSON Schema 2020-12 once and validates many times. One Ajv instance per
 * compiler (one per server): strict about the schema (unknown keywords are errors,
 * except annotations and `x-...` vendor keywords such as `x-mcp-header`), exact about
 * values (no type coercion, no defaults filled, nothing removed), formats checked,
 * and never fetching: a `$ref` outside the schema fails with `ERR_SCHEMA_REMOTE_REF`.
 *
 * Validators are cached by schema object identity and by canonical JSON, so equal
 * schemas compile once. Do not mutate a schema after compiling it.
 */
export class SchemaCompiler {
  readonly #ajv: Ajv2020;
  readonly #limits: Required<SchemaLimits>;
  readonly #maxIssues: number;
  readonly #subject: string;
  readonly #byIdentity = new WeakMap<object, Validator>();
  readonly #byJson = new Map<string, Validator>();
  readonly #vendorKeywords = new Set<string>();

  constructor(options: SchemaCompilerOptions = {}) {
    this.#limits = {
      maxDepth: options.maxDepth ?? DEFAULT_SCHEMA_LIMITS.maxDepth,
      maxSubschemas: options.maxSubschemas ?? DEFAULT_SCHEMA_LIMITS.maxSubschemas,
      maxBytes: options.maxBytes ?? DEFAULT_SCHEMA_LIMITS.maxBytes,
    };
    this.#maxIssues = options.maxIssues ?? 20;
    this.#subject = options.subject ?? 'argument';
    this.#ajv = new Ajv2020({
      strict: true,
      // `required` naming a key declared only in a sibling branch is legitimate.
      strictRequired: false,
      // An open-ended `prefixItems` tuple is valid 2020-12, not a mistake.
      strictTuples: false,
      allowUnionTypes: true,
      coerceTypes: false,
      useDefaults: false,
      removeAdditional: false,
      allErrors: true,
      // Errors carry their schema and value, so messages can name the condition and the fix.
      verbose: true,
      validateFormats: true,
      addUsedSchema: false,
    });
    addFormats.default(this.#ajv);
    this.#ajv.addKeyword({ keyword: 'x-mcp-header' });
    this.#vendorKeywords.add('x-mcp-header');
    // Ajv resolves `$anchor` but its strict mode does not list it as a keyword (SEP-2106 needs it).
    this.#ajv.addKeyword({ keyword: '$anchor' });
  }

  /** Number of distinct schemas compiled so far (cache misses). */
  get size(): number {
    return this.#byJson.size;
  }

  /**
   * Returns the validator for `schema`, compiling it on first use.
   * @throws SchemaError when the schema is invalid, over the limits, or references a remote document.
   */
  compile(schema: JsonSchema): Validator {
    const known = this.#byIdentity.get(schema);
    if (known !== undefined) return known;
    const json = JSON.stringify(schema);
    if (json === undefined) throw new SchemaError('ERR_SCHEMA_INVALID', 'schema is not JSON');
    const inventory = inspectSchema(schema, json, this.#limits);
    const key = canonicalJson(schema);
    let validator = this.#byJson.get(key);
    if (validator === undefined) {
      for (const keyword of inventory.vendorKeywords) this.#registerVendorKeyword(keyword);
      validator = this.#build(schema);
      this.#byJson.set(key, validator);
    }
    this.#byIdentity.set(schema, validator);
    return validator;
  }

  /**
   * Checks that `schema` compiles under the rules above (and caches it).
   * @throws SchemaError with code `ERR_SCHEMA_INVALID`, `ERR_SCHEMA_TOO_COMPLEX` or `ERR_SCHEMA_REMOTE_REF`.
   */
  check(schema: JsonSchema): void {
    this.compile(schema);
  }

  #registerVendorKeyword(keyword: string): void {
    if (this.#vendorKeywords.has(keyword)) return;
    this.#vendorKeywords.add(keyword);
    this.#ajv.addKeyword({ keyword });
  }

  #build(schema: JsonSchema): Validator {
    let validate: ReturnType<Ajv2020['compile']>;
    try {
      // A structured clone keeps Ajv's internal references away from the caller's object.
      validate = this.#ajv.compile(structuredClone(schema));
    } catch (error) {
      if (error instanceof MissingRefError) {
        throw new SchemaError(
          'ERR_SCHEMA_REMOTE_REF',
          `schema reference cannot be resolved locally: ${error.missingRef}`,
          { cause: error },
        );
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new SchemaError('ERR_SCHEMA_INVALID', `invalid schema: ${reason}`, { cause: error });
    }
    const subject = this.#subject;
    const maxIssues = this.#maxIssues;
    return (value) => {
      try {
        if (validate(value)) return { ok: true };
      } catch (error) {
        // A recursive schema over a hostile, very deep value can exhaust the stack:
        // that value is refused, the process goes on.
        if (!(error instanceof RangeError)) throw error;
        return {
          ok: false,
          issues: [{ path: '', rule: 'depth', message: `${subject}s: nested too deeply to validate` }],
        };
      }
      return { ok: false, issues: toIssues(validate.errors ?? [], subject, maxIssues) };
    };
  }
}
