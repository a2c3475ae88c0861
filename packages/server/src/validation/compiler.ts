import { Ajv2020, MissingRefError, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../schema/types.js';
import { canonicalJson } from './canonical-json.js';
import { SchemaError } from './errors.js';
import { toIssues, type ValidationIssue, type ValidationOutcome } from './issues.js';
import { DEFAULT_SCHEMA_LIMITS, inspectSchema, type SchemaLimits } from './limits.js';
import { isLinearPattern, linearRegExp, PatternError } from './linear-regexp.js';

/**
 * A compiled validator. Pure unless its compiler was built with `useDefaults`: it never
 * changes the value (no coercion, no defaults).
 */
export type Validator = (value: unknown) => ValidationOutcome;

/** Options of `SchemaCompiler`: the schema limits plus how issues are reported. */
export interface SchemaCompilerOptions extends SchemaLimits {
  /** Most issues reported per failed validation. Default 20. */
  maxIssues?: number;
  /** What the messages call a field: `argument` (default) gives `argument 'limit': ...`. */
  subject?: string;
  /**
   * Validators fill in the schema's `default`s where the value lacks a property (at any depth
   * the validation reaches: nested `properties`, `items`, `$ref`, `allOf`, `if`/`then`), changing
   * the value they are given: pass a copy. Defaults under `anyOf`/`oneOf`/`not` stay ignored
   * (which branch applies is not known while filling). Default false (pure validators).
   */
  useDefaults?: boolean;
}

/** Default of `maxIssues`. */
const DEFAULT_MAX_ISSUES = 20;

/**
 * Largest value (counted in JSON nodes) that gets every issue reported. Collecting all errors
 * makes one Ajv error object per failing node: an 8 MB array of numbers checked against
 * `items: {type: 'string'}` made 4 million of them (600 MB, 2 s). A larger value is reported by
 * its first issue, found by a validator that stops there.
 */
const MAX_DETAILED_NODES = 10_000;

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
  /** Stops at the first error: decides every value, and reports a large one. */
  readonly #ajv: Ajv2020;
  /** Collects every error, verbosely (for messages that name the fix): reports a small value. */
  readonly #detailedAjv: Ajv2020;
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
    this.#maxIssues = options.maxIssues ?? DEFAULT_MAX_ISSUES;
    this.#subject = options.subject ?? 'argument';
    this.#ajv = createAjv(false, options.useDefaults === true);
    this.#detailedAjv = createAjv(true, options.useDefaults === true);
    this.#vendorKeywords.add('x-mcp-header');
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
    this.#detailedAjv.addKeyword({ keyword });
  }

  #build(schema: JsonSchema): Validator {
    let validate: ValidateFunction;
    try {
      // A structured clone keeps Ajv's internal references away from the caller's object.
      validate = this.#ajv.compile(structuredClone(schema));
    } catch (error) {
      if (error instanceof PatternError) {
        const schemaPath = locatePattern(schema, error.pattern);
        throw new SchemaError(
          error.kind === 'invalid' ? 'ERR_SCHEMA_INVALID' : 'ERR_SCHEMA_PATTERN',
          `${schemaPath === undefined ? '' : `${schemaPath}: `}${error.message}`,
          { cause: error, schemaPath },
        );
      }
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
    // Compiled on the first failure: most schemas only ever see valid values.
    let detailed: ValidateFunction | undefined;
    const report = (value: unknown): ValidationIssue[] => {
      if (!isSmall(value, MAX_DETAILED_NODES)) return toIssues(validate.errors ?? [], subject, maxIssues);
      detailed ??= this.#detailedAjv.compile(structuredClone(schema));
      detailed(value);
      return toIssues(detailed.errors ?? [], subject, maxIssues);
    };
    return (value) => {
      try {
        return validate(value) ? { ok: true } : { ok: false, issues: report(value) };
      } catch (error) {
        // A recursive schema over a hostile, very deep value can exhaust the stack:
        // that value is refused, the process goes on.
        if (!(error instanceof RangeError)) throw error;
        return {
          ok: false,
          issues: [{ path: '', rule: 'depth', message: `${subject}s: nested too deeply to validate` }],
        };
      }
    };
  }
}

/**
 * Strict about the schema, exact about values. `detailed` collects every error with its schema
 * and value (`verbose`), so messages can name a condition and the fix.
 */
function createAjv(detailed: boolean, useDefaults: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    // Filling defaults, Ajv's strict mode refuses a `default` it cannot apply (under anyOf/oneOf):
    // such a default is ignored instead; every other strict-mode finding still refuses the schema.
    ...(useDefaults ? { strictSchema: 'log' as const, logger: defaultsLogger } : {}),
    // `required` naming a key declared only in a sibling branch is legitimate.
    strictRequired: false,
    // An open-ended `prefixItems` tuple is valid 2020-12, not a mistake.
    strictTuples: false,
    allowUnionTypes: true,
    coerceTypes: false,
    useDefaults,
    removeAdditional: false,
    allErrors: detailed,
    verbose: detailed,
    validateFormats: true,
    addUsedSchema: false,
    // Every `pattern` and `patternProperties` key runs in linear time (issue 19: ReDoS).
    code: { regExp: linearRegExp },
  });
  addFormats.default(ajv);
  // A value of `format: regex` is a pattern this validator could run, by the same engine.
  ajv.addFormat('regex', isLinearPattern);
  ajv.addKeyword({ keyword: 'x-mcp-header' });
  // Ajv resolves `$anchor` but its strict mode does not list it as a keyword (SEP-2106 needs it).
  ajv.addKeyword({ keyword: '$anchor' });
  return ajv;
}

/** Ajv's logger when filling defaults: strict-mode findings throw, except an ignored `default`. */
const defaultsLogger = {
  log: (): void => undefined,
  warn: (...args: unknown[]): void => {
    const message = args.map(String).join(' ');
    if (message.includes('default is ignored')) return;
    throw new Error(message);
  },
  error: (...args: unknown[]): void => {
    throw new Error(args.map(String).join(' '));
  },
};

/**
 * Where `pattern` stands in `schema`, as a JSON pointer (`/properties/email/pattern`, or a
 * `patternProperties` key), in document order; undefined when not found. Recursive: the
 * schema's depth was bounded before it was compiled.
 */
function locatePattern(node: unknown, pattern: string, path = ''): string | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  for (const [key, value] of Object.entries(node)) {
    const at = `${path}/${pointerToken(key)}`;
    if (key === 'pattern' && value === pattern) return at;
    if (
      key === 'patternProperties' &&
      typeof value === 'object' &&
      value !== null &&
      Object.hasOwn(value, pattern)
    )
      return `${at}/${pointerToken(pattern)}`;
    const found = locatePattern(value, pattern, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

function pointerToken(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Whether `value` has at most `limit` JSON nodes; stops counting past the limit. */
function isSmall(value: unknown, limit: number): boolean {
  const stack: unknown[] = [value];
  let nodes = 0;
  while (stack.length > 0) {
    const node = stack.pop();
    nodes += 1;
    if (nodes > limit) return false;
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      if (nodes + stack.length + node.length > limit) return false;
      for (const item of node) stack.push(item);
      continue;
    }
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      if (nodes + stack.length >= limit) return false;
      stack.push((node as Record<string, unknown>)[key]);
    }
  }
  return true;
}
