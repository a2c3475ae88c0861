/**
 * The headers of every console answer: a strict Content-Security-Policy (scripts, styles and
 * requests from this origin only, no inline script or style, no framing), no referrer (an
 * approval id in a URL never leaks to another site), no MIME sniffing; and the two caching
 * policies: the shell is revalidated every time, hashed assets are immutable for a year.
 * @module
 */

export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Security headers for every console answer. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONSOLE_CSP,
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** The shell: always revalidated, so a new build is picked up on the next load. */
export const SHELL_CACHE = 'no-cache';
/** Hashed assets: their URL changes with their content. */
export const ASSET_CACHE = 'public, max-age=31536000, immutable';
