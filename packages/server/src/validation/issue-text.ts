/**
 * @module
 * The pieces validation messages are made of. Paths and values can come from the caller (a key
 * of a megabyte, a deep value), so each piece is bounded.
 */
import { describePeerValue } from '@mcpforge/wire';

/** Longest path shown in a message; the issue's `path` member keeps it whole. */
const MAX_PATH_CHARS = 80;

/** Longest value shown in a message, e.g. the constant a field must equal. */
const MAX_VALUE_CHARS = 60;

function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** A JSON pointer without the leading slash: `items/0/name`; `''` is the root. */
export function joinPath(instancePath: string, child: string | undefined): string {
  const base = instancePath.startsWith('/') ? instancePath.slice(1) : instancePath;
  if (child === undefined) return base;
  const token = escapePointerToken(child);
  return base === '' ? token : `${base}/${token}`;
}

/** `'items/0/name'`, cut to {@link MAX_PATH_CHARS}. */
export function quotePath(path: string): string {
  return `'${path.length > MAX_PATH_CHARS ? `${path.slice(0, MAX_PATH_CHARS - 1)}…` : path}'`;
}

/** A value as JSON, bounded: `"editor"`, `3`, `{"a":[1]}`. */
export function describeValue(value: unknown): string {
  return describePeerValue(value, MAX_VALUE_CHARS);
}
