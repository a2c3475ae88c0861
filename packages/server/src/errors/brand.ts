/**
 * Error classes are matched by a registered symbol rather than by prototype, so an error
 * thrown by a second copy of `@mcpforge/server` (two versions in one tree) still matches.
 */
export function brand(target: object, key: symbol): void {
  Object.defineProperty(target, key, { value: true });
}

/** Whether `value` carries the brand `key`. */
export function hasBrand(value: unknown, key: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[key] === true;
}
