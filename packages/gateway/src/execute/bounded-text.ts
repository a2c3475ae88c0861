/**
 * A non-JSON answer as text for a model: decoded as UTF-8 and cut at a byte bound, with a
 * marker saying how much was left out, so a large HTML page or log does not fill a context.
 * @module
 */

/** The marker appended to a cut text; `{shown}` and `{total}` are byte counts. */
const CUT_MARKER = '\n[mcpforge: answer cut after {shown} of {total} bytes]';

/** Index of the first byte of the UTF-8 sequence holding byte `index`, so a cut never splits a character. */
function characterStart(bytes: Uint8Array, index: number): number {
  let start = index;
  // Continuation bytes are 10xxxxxx; a sequence has at most three of them.
  while (start > 0 && index - start < 3 && ((bytes[start] ?? 0) & 0xc0) === 0x80) start--;
  return ((bytes[start] ?? 0) & 0xc0) === 0x80 ? index : start;
}

/** `bytes` as UTF-8 text (invalid sequences become U+FFFD), cut after at most `maxBytes` bytes. */
export function boundedText(bytes: Uint8Array, maxBytes: number): string {
  if (bytes.length <= maxBytes)
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8');
  const shown = characterStart(bytes, maxBytes);
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, shown).toString('utf8');
  return `${text}${CUT_MARKER.replace('{shown}', String(shown)).replace('{total}', String(bytes.length))}`;
}
