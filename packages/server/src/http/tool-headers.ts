/**
 * `x-mcp-header` annotations of a tool's input schema: which argument each
 * `Mcp-Param-{Name}` header mirrors.
 */

/** One header-mirrored argument. `header` is the lower-cased full header name. */
export interface ToolHeaderParam {
  readonly header: string;
  /** Property path from the arguments object (a chain of `properties`). */
  readonly path: readonly string[];
}

const cache = new WeakMap<object, readonly ToolHeaderParam[]>();
const NONE: readonly ToolHeaderParam[] = [];

function collect(schema: unknown, path: string[], into: ToolHeaderParam[]): void {
  if (schema === null || typeof schema !== 'object') return;
  const properties = (schema as Record<string, unknown>)['properties'];
  if (properties === null || typeof properties !== 'object') return;
  for (const [name, property] of Object.entries(properties as Record<string, unknown>)) {
    if (property === null || typeof property !== 'object') continue;
    const annotation = (property as Record<string, unknown>)['x-mcp-header'];
    const next = [...path, name];
    if (typeof annotation === 'string' && annotation.length > 0) {
      into.push({ header: `mcp-param-${annotation.toLowerCase()}`, path: next });
    }
    collect(property, next, into);
  }
}

/** The header-mirrored arguments of an input schema, computed once per schema object. */
export function toolHeaderParams(inputSchema: object): readonly ToolHeaderParam[] {
  let params = cache.get(inputSchema);
  if (params === undefined) {
    const found: ToolHeaderParam[] = [];
    collect(inputSchema, [], found);
    params = found.length === 0 ? NONE : found;
    cache.set(inputSchema, params);
  }
  return params;
}
