/**
 * Copies of untrusted JSON objects: a member is always defined as an own data property, so a
 * member named `__proto__` (which `JSON.parse` makes an ordinary own member) stays a member of
 * the copy. A plain `copy[name] = value` would call the `__proto__` setter instead: the member
 * would vanish from the copy (and from what is stored, shown or fingerprinted) while the
 * original still carries it to the upstream.
 * @module
 */

/** Defines `name` on `target` as an own, enumerable, writable member holding `value`. */
export function setOwnMember(target: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}
