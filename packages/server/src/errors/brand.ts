/**
 * Error classes are matched by a registered symbol rather than by prototype, so an error
 * thrown by a second copy of `@mcpforge/server` (two versions in one tree) still matches.
 * Every exported error class brands its instances with `Symbol.for('mcpforge.server.<Class>')`
 * and answers `instanceof` with {@link matchesBrand}.
 */
export function brand(target: object, key: symbol): void {
  Object.defineProperty(target, key, { value: true });
}

/** Whether `value` carries the brand `key`. */
export function hasBrand(value: unknown, key: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[key] === true;
}

const hasOwnPrototype = Function.prototype[Symbol.hasInstance];

/**
 * `instanceof` for a branded class: on the class that owns the brand, any value carrying it
 * matches (an error from another copy of the package too); on a subclass declared elsewhere
 * (a user's `class NotFound extends DomainError`), the prototype decides, as usual.
 * @param target the class on the right of `instanceof` (`this` in `static [Symbol.hasInstance]`)
 * @param owner the class that owns `key`
 */
export function matchesBrand(target: unknown, owner: unknown, key: symbol, value: unknown): boolean {
  if (target !== owner) return hasOwnPrototype.call(target, value);
  return hasBrand(value, key);
}
