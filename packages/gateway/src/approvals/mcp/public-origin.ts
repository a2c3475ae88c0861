/**
 * The gateway's public origin, as an option: where people and hosts reach it from outside
 * (behind a proxy, not the listener's own address), so approval URLs can be made absolute.
 * @module
 */

/**
 * Checks `value` as an `http:` or `https:` origin (`https://gw.example.com`, a port allowed; no
 * path, query, fragment or credentials) and returns it without a trailing slash.
 * @throws TypeError naming `field` and the expected form.
 */
export function readPublicOrigin(value: unknown, field = 'publicOrigin'): string | undefined {
  if (value === undefined) return undefined;
  const refuse = (): never => {
    throw new TypeError(
      `${field}: must be an http(s) origin such as https://gw.example.com (no path), got ${JSON.stringify(value)}`,
    );
  };
  if (typeof value !== 'string') return refuse();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse();
  }
  const plain =
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === '' &&
    url.username === '' &&
    url.password === '';
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !plain) return refuse();
  return url.origin;
}
