/** Longest slug or identifier: room for a readable name, short enough for a path segment or a key. */
export const MAX_NAME_LENGTH = 64;

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `true` for a lowercase slug: `[a-z0-9]+(-[a-z0-9]+)*`, 1 to 64 characters. */
export function isSlug(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_NAME_LENGTH && SLUG.test(value);
}

/** `true` for an identifier: `[A-Za-z_][A-Za-z0-9_]*`, 1 to 64 characters. */
export function isIdentifier(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_NAME_LENGTH && IDENTIFIER.test(value);
}
