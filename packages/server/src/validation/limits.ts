import { SchemaError } from './errors.js';

/** Bounds on a schema's size, so compiling and evaluating it stays cheap. */
export interface SchemaLimits {
  /** Deepest nesting of objects/arrays in the schema document. Default 32. */
  maxDepth?: number;
  /** Most subschemas (JSON objects) in the document. Default 1000. */
  maxSubschemas?: number;
  /** Largest UTF-8 size of the schema's JSON. Default 1 MiB. */
  maxBytes?: number;
}

/** The defaults of `SchemaLimits`. */
export const DEFAULT_SCHEMA_LIMITS: Readonly<Required<SchemaLimits>> = Object.freeze({
  maxDepth: 32,
  maxSubschemas: 1000,
  maxBytes: 1024 * 1024,
});

/** What a walk over the schema found besides the limits. */
export interface SchemaInventory {
  /** Vendor keywords (`x-...`) that must be registered as annotations before compiling. */
  vendorKeywords: Set<string>;
}

/**
 * Checks a schema against the limits and refuses non-local references, in one
 * iterative pass (no recursion, so a hostile depth cannot blow the stack).
 * `json` is the schema's serialised form, already computed by the caller.
 */
export function inspectSchema(
  schema: unknown,
  json: string,
  limits: Required<SchemaLimits>,
): SchemaInventory {
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > limits.maxBytes) {
    throw new SchemaError(
      'ERR_SCHEMA_TOO_COMPLEX',
      `schema is ${bytes} bytes, over the limit of ${limits.maxBytes}`,
    );
  }
  const vendorKeywords = new Set<string>();
  let subschemas = 0;
  const stack: Array<{ node: unknown; depth: number }> = [{ node: schema, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (node === null || typeof node !== 'object') continue;
    if (depth > limits.maxDepth) {
      throw new SchemaError(
        'ERR_SCHEMA_TOO_COMPLEX',
        `schema nests deeper than the limit of ${limits.maxDepth}`,
      );
    }
    if (Array.isArray(node)) {
      for (const item of node) stack.push({ node: item, depth: depth + 1 });
      continue;
    }
    subschemas += 1;
    if (subschemas > limits.maxSubschemas) {
      throw new SchemaError(
        'ERR_SCHEMA_TOO_COMPLEX',
        `schema has more than ${limits.maxSubschemas} subschemas`,
      );
    }
    for (const [key, value] of Object.entries(node)) {
      if ((key === '$ref' || key === '$dynamicRef') && typeof value === 'string' && !value.startsWith('#')) {
        throw new SchemaError(
          'ERR_SCHEMA_REMOTE_REF',
          `${key} "${value}" points outside the schema; only local references ("#...") are allowed`,
        );
      }
      if (key.startsWith('x-')) vendorKeywords.add(key);
      stack.push({ node: value, depth: depth + 1 });
    }
  }
  return { vendorKeywords };
}
