/**
 * JSON Schema `pattern` for document ids and draft slugs: lowercase letters and
 * digits in words joined by single hyphens (the rule of the toolkit's `isSlug`).
 */
export const SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
