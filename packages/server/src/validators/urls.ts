import { UrlNotAllowedError } from './errors.js';

/** What `checkUrl` allows. */
export interface UrlPolicy {
  /** Allowed schemes, with or without the colon. Default `['https']`. */
  schemes?: readonly string[] | undefined;
  /**
   * Allowed host names, compared case-insensitively: an exact name (`api.example.com`,
   * `127.0.0.1`, `[::1]`) or a wildcard `*.example.com` matching any subdomain
   * (not `example.com` itself). Ports are not restricted here.
   */
  hosts: readonly string[];
}

function hostMatches(hostname: string, pattern: string): boolean {
  const wanted = pattern.toLowerCase();
  if (wanted.startsWith('*.')) {
    const suffix = wanted.slice(1);
    return hostname.length > suffix.length && hostname.endsWith(suffix);
  }
  return hostname === wanted;
}

/**
 * Parses `url` and returns it when its scheme and host are allowed and it carries no
 * user name or password. Default-deny: an empty `hosts` list allows nothing.
 * Hosts are compared after WHATWG URL normalisation (lowercase, punycode, IPv4
 * forms like `2130706433` become `127.0.0.1`). This is a syntax check: it does not
 * resolve DNS, so pair it with a connect-time address check against rebinding.
 * @throws UrlNotAllowedError with the reason.
 */
export function checkUrl(url: string, policy: UrlPolicy): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UrlNotAllowedError('it is not an absolute URL');
  }
  const schemes = (policy.schemes ?? ['https']).map((scheme) => scheme.toLowerCase().replace(/:$/, ''));
  const scheme = parsed.protocol.replace(/:$/, '');
  if (!schemes.includes(scheme)) {
    throw new UrlNotAllowedError(`scheme '${scheme}' is not one of ${schemes.join(', ')}`);
  }
  if (parsed.username !== '' || parsed.password !== '') {
    throw new UrlNotAllowedError('credentials in the URL are not allowed');
  }
  const hostname = parsed.hostname.toLowerCase();
  if (hostname === '' || !policy.hosts.some((pattern) => hostMatches(hostname, pattern))) {
    throw new UrlNotAllowedError(`host '${hostname}' is not allowed`);
  }
  return parsed;
}
