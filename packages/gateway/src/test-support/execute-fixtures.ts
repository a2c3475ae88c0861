import { parseHostPattern } from '../catalog/host-pattern.js';
import { type RestBinding, readRestBinding } from '../catalog/rest-binding.js';
import type { UpstreamHost } from '../catalog/upstream-hosts-table.js';

/**
 * Bindings and allow-lists for execution tests, built by the catalog's own readers, so a test
 * runs exactly what publishing would store.
 * @module
 */

/**
 * A REST binding read from `value` as the catalog reads a draft; every argument it places is
 * an inputSchema property, and path arguments are required.
 */
export function testBinding(value: Record<string, unknown>): RestBinding {
  const placements = (value['arguments'] ?? {}) as Record<string, { in?: string }>;
  const properties = Object.keys(placements);
  const required = properties.filter((name) => placements[name]?.in === 'path');
  return readRestBinding(value, 'binding', { properties, required });
}

/** An allow-list entry for `hostPattern`; every address flag is off unless given. */
export function allowEntry(
  hostPattern: string,
  flags: Partial<Pick<UpstreamHost, 'allowLoopback' | 'allowPrivate' | 'allowLinkLocal'>> = {},
): UpstreamHost {
  return {
    id: `entry-${hostPattern}`,
    hostPattern,
    pattern: parseHostPattern(hostPattern, 'hostPattern'),
    allowLoopback: false,
    allowPrivate: false,
    allowLinkLocal: false,
    createdAt: new Date(0),
    ...flags,
  };
}
