/**
 * The lesson's declaration of `library.create_draft`, as data: every field a
 * string of 1..N characters, and the slug in lowercase words joined by single
 * hyphens. The tool's input schema, the domain and the approve command all read
 * these, so the three cannot drift apart.
 */
import type { ApprovedContents } from './approval.js';

/** Most characters of each argument (the lesson's `string(N)`). */
export const DRAFT_MAX_LENGTH = {
  slug: 80,
  title: 200,
  text: 12_000,
  approval: 200,
  operation: 120,
} as const;

/**
 * JSON Schema `pattern` for document ids and draft slugs. Not the toolkit's
 * `isSlug`, which caps at 64 characters where the lesson allows 80.
 */
export const SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';

/** Most characters of a document id or draft slug. */
export const MAX_SLUG_LENGTH = DRAFT_MAX_LENGTH.slug;

const SLUG = new RegExp(SLUG_PATTERN);

/** Whether `value` is a valid document id or draft slug. */
export function isLibrarySlug(value: string): boolean {
  return value.length <= MAX_SLUG_LENGTH && SLUG.test(value);
}

/**
 * What is wrong with contents to be approved or stored, in words the caller can
 * act on; `undefined` when they follow the declaration.
 */
export function draftContentsProblem(contents: ApprovedContents): string | undefined {
  if (!isLibrarySlug(contents.slug)) {
    return `slug must be 1-${MAX_SLUG_LENGTH} lowercase letters and digits in words joined by single hyphens`;
  }
  for (const field of ['title', 'text', 'operation'] as const) {
    const { length } = contents[field];
    const max = DRAFT_MAX_LENGTH[field];
    if (length < 1 || length > max) return `${field} must be 1-${max} characters (it has ${length})`;
  }
  return undefined;
}
