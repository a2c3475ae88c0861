import { readString } from './field-reader.js';

/** Slugs of workspaces, sections, operations and agents: lowercase words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Longest slug: it appears in URLs (`/mcp/v1/{workspace}/{agent}`), so it stays short. */
export const MAX_SLUG_LENGTH = 64;

/** `value` as a slug, or an `invalid_field` error naming `field`. */
export function readSlug(value: unknown, field: string): string {
  return readString(value, field, {
    max: MAX_SLUG_LENGTH,
    pattern: SLUG_PATTERN,
    patternHint: '[a-z0-9]+(-[a-z0-9]+)* (lowercase letters and digits, single hyphens between)',
  });
}
