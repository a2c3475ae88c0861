import type { NormalServer } from './normal-document.js';

/**
 * Base URLs from servers: the first server whose URL (variables filled with their defaults)
 * is an absolute http(s) URL; a relative one (`/v2`) is resolved against the `baseUrl`
 * option when given. Query and fragment are dropped, a trailing `/` removed.
 * @module
 */

/** The URL of a server, its `{variables}` replaced by their defaults. */
export function fillServerUrl(server: NormalServer): string {
  // Own keys only: a `{constructor}` the document does not define stays as written.
  return server.url.replace(/\{([^{}]+)\}/g, (match, name: string) =>
    Object.hasOwn(server.variables, name) ? (server.variables[name] ?? match) : match,
  );
}

/** An absolute http(s) URL without query, fragment or credentials, or undefined. */
export function absoluteBaseUrl(url: string, base?: string): string | undefined {
  let parsed: URL;
  try {
    parsed = base === undefined ? new URL(url) : new URL(url, `${base.replace(/\/+$/, '')}/`);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  if (parsed.username !== '' || parsed.password !== '' || /[{}]/.test(parsed.href)) return undefined;
  // A relative server path is relative to the given base, not to its root.
  if (base !== undefined && url.startsWith('/')) {
    const root = new URL(base);
    return `${root.origin}${root.pathname.replace(/\/+$/, '')}${parsed.pathname.replace(/\/+$/, '')}`;
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

/** The base URL for an operation's servers, or undefined when none is usable. */
export function pickBaseUrl(servers: readonly NormalServer[], fallback?: string): string | undefined {
  for (const server of servers) {
    const filled = fillServerUrl(server);
    const absolute = absoluteBaseUrl(filled);
    if (absolute !== undefined) return absolute;
    if (fallback !== undefined) {
      const resolved = absoluteBaseUrl(filled, fallback);
      if (resolved !== undefined) return resolved;
    }
  }
  return servers.length === 0 && fallback !== undefined ? absoluteBaseUrl(fallback) : undefined;
}
