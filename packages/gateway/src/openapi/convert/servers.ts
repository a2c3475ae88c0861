import type { NormalServer } from './normal-document.js';

/**
 * Base URLs from servers: the first server whose URL (variables filled with their defaults)
 * is an absolute http(s) URL. The `baseUrl` option, when given, overrides them: a relative
 * server (`/v2`) resolves against it, an absolute one is replaced by it. Query and fragment are
 * dropped, a trailing `/` removed.
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

/**
 * The base URL for an operation's servers, or undefined when none is usable. `override` (the
 * import's `--base-url`) wins over every server: a relative server path (`/v2`) resolves against
 * it, an absolute server is replaced by it, so a whole document can be pointed at a mock.
 */
export function pickBaseUrl(servers: readonly NormalServer[], override?: string): string | undefined {
  if (override !== undefined) {
    for (const server of servers) {
      const filled = fillServerUrl(server);
      if (filled.startsWith('/')) {
        const resolved = absoluteBaseUrl(filled, override);
        if (resolved !== undefined) return resolved;
      }
    }
    return absoluteBaseUrl(override);
  }
  for (const server of servers) {
    const absolute = absoluteBaseUrl(fillServerUrl(server));
    if (absolute !== undefined) return absolute;
  }
  return undefined;
}
