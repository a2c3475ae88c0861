/**
 * Values of the modern routing headers (`Mcp-Name`, `Mcp-Param-*`): plain visible ASCII as it
 * is, anything else (and a value that looks like the wrapper) in the spec's base64 sentinel.
 * @module
 */

const PLAIN = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;
const LOOKS_WRAPPED = /^=\?base64\?.*\?=$/i;

/** `value` as a header value the 2026-07-28 transport accepts. */
export function headerValue(value: string | number | boolean): string {
  const text = String(value);
  if (PLAIN.test(text) && !LOOKS_WRAPPED.test(text)) return text;
  return `=?base64?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}
