/**
 * JSON with object keys sorted at every level, so two equal schemas written in a
 * different key order share one cache entry. Iterative over the structure's keys
 * via `JSON.stringify`'s replacer, which visits every object once.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, node: unknown) => {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
    // No prototype: assigning "__proto__" then makes an own member (JSON.parse gives peers that
    // key as data) instead of calling Object.prototype's setter and silently dropping it.
    const sorted = Object.create(null) as Record<string, unknown>;
    for (const key of Object.keys(node).sort()) sorted[key] = (node as Record<string, unknown>)[key];
    return sorted;
  });
}
