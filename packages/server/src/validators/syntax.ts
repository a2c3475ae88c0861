const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `true` for a lowercase slug: `[a-z0-9]+(-[a-z0-9]+)*`, 1 to 64 characters. */
export function isSlug(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 64 && SLUG.test(value);
}

/** `true` for an identifier: `[A-Za-z_][A-Za-z0-9_]*`, 1 to 64 characters. */
export function isIdentifier(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 64 && IDENTIFIER.test(value);
}
