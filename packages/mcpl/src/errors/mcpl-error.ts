/** Shared across copies of this package so `instanceof` works when two versions meet. */
const MCPL_ERROR_BRAND = Symbol.for('mcpforge.mcpl.McplError');

const hasOwnPrototype = Function.prototype[Symbol.hasInstance];

/** Codes of {@link ManifestDigestError}: the manifest has no revision. */
export type ManifestDigestErrorCode =
  | 'ERR_MANIFEST_IDENTIFIER_CHARSET'
  | 'ERR_MANIFEST_NOT_OBJECT'
  | 'ERR_MANIFEST_NOT_JSON'
  | 'ERR_MANIFEST_TOO_DEEP';

/** Every code an {@link McplError} carries. */
export type McplErrorCode = ManifestDigestErrorCode | 'ERR_MANIFEST_TRANSACTION';

const MANIFEST_DIGEST_CODES: ReadonlySet<string> = new Set<ManifestDigestErrorCode>([
  'ERR_MANIFEST_IDENTIFIER_CHARSET',
  'ERR_MANIFEST_NOT_OBJECT',
  'ERR_MANIFEST_NOT_JSON',
  'ERR_MANIFEST_TOO_DEEP',
]);

function brandedCode(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if ((value as Record<symbol, unknown>)[MCPL_ERROR_BRAND] !== true) return undefined;
  return (value as { code?: unknown }).code as string | undefined;
}

/**
 * An error raised by this package, with a string code. `instanceof` is brand-checked (holds
 * across two copies of `@mcpforge/mcpl`); a subclass matches any branded error with its codes.
 */
export class McplError extends Error {
  readonly code: McplErrorCode;

  constructor(code: McplErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'McplError';
    this.code = code;
    Object.defineProperty(this, MCPL_ERROR_BRAND, { value: true });
  }

  /** Which codes this class stands for; the base class takes any. */
  protected static ownsCode(_code: string): boolean {
    return true;
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    if (hasOwnPrototype.call(this, value)) return true;
    const code = brandedCode(value);
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    return code !== undefined && (this as unknown as typeof McplError).ownsCode(code);
  }
}

/**
 * The two refusals the digest algorithm defines (RFC-003 §3.1, the conformance vectors'
 * `errorCodes`), as the vectors spell them; our own refusals (not JSON, too deep) have none.
 */
export type ManifestConformanceCode = 'identifier_charset' | 'manifest_not_object';

const CONFORMANCE_CODES: Partial<Record<ManifestDigestErrorCode, ManifestConformanceCode>> = {
  ERR_MANIFEST_IDENTIFIER_CHARSET: 'identifier_charset',
  ERR_MANIFEST_NOT_OBJECT: 'manifest_not_object',
};

/**
 * No revision can be computed for this manifest. `path` names the offending position as the
 * conformance vectors do (`featureSets.demo.messaging.uses[]`, `` for the root); `value` is
 * what was found there.
 */
export class ManifestDigestError extends McplError {
  declare readonly code: ManifestDigestErrorCode;
  /** The vectors' `expectError` for this refusal, when the algorithm defines one. */
  readonly conformanceCode: ManifestConformanceCode | undefined;
  readonly path: string;
  readonly value: unknown;

  constructor(code: ManifestDigestErrorCode, path: string, value: unknown, reason: string) {
    super(code, `${reason}: ${path === '' ? '(the manifest)' : path} = ${describe(value)}`);
    this.name = 'ManifestDigestError';
    this.conformanceCode = CONFORMANCE_CODES[code];
    this.path = path;
    this.value = value;
  }

  protected static override ownsCode(code: string): boolean {
    return MANIFEST_DIGEST_CODES.has(code);
  }
}

/** A short, safe rendering of a peer's value for a message. */
function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}
