import type { UpstreamHost } from '../catalog/upstream-hosts-table.js';

/**
 * JSON shapes of domain values where they differ from the domain object (dates become ISO
 * strings through `JSON.stringify` everywhere).
 * @module
 */

/** An allow-list entry without its parsed pattern (the text says it all). */
export function upstreamHostView(host: UpstreamHost): Omit<UpstreamHost, 'pattern'> {
  const { pattern: _pattern, ...view } = host;
  return view;
}

/** A `{version}` path segment as a number (NaN when it is not one: no such version). */
export function versionParam(text: string | undefined): number {
  return text !== undefined && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : Number.NaN;
}
