/**
 * Header value decoding for the modern routing headers (`Mcp-Name`, `Mcp-Param-*`):
 * surrounding whitespace is dropped and the `=?base64?…?=` sentinel is decoded.
 */

const SENTINEL_PREFIX = '=?base64?';
const SENTINEL_SUFFIX = '?=';
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Strips RFC 9110 optional whitespace (SP / HTAB) around a field value. */
export function trimFieldValue(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && (value.charCodeAt(start) === 32 || value.charCodeAt(start) === 9)) start++;
  while (end > start && (value.charCodeAt(end - 1) === 32 || value.charCodeAt(end - 1) === 9)) end--;
  return start === 0 && end === value.length ? value : value.slice(start, end);
}

/**
 * Decodes one header value: trimmed, and if wrapped in the base64 sentinel, the decoded
 * UTF-8 text. Returns `undefined` for a sentinel with invalid base64 or invalid UTF-8
 * (which the caller must reject). A value without the complete wrapper is literal.
 */
export function decodeHeaderValue(raw: string): string | undefined {
  const value = trimFieldValue(raw);
  if (
    value.length < SENTINEL_PREFIX.length + SENTINEL_SUFFIX.length ||
    !value.startsWith(SENTINEL_PREFIX) ||
    !value.endsWith(SENTINEL_SUFFIX)
  ) {
    return value;
  }
  const encoded = value.slice(SENTINEL_PREFIX.length, value.length - SENTINEL_SUFFIX.length);
  if (!BASE64.test(encoded)) return undefined;
  try {
    return utf8.decode(Buffer.from(encoded, 'base64'));
  } catch {
    return undefined;
  }
}
