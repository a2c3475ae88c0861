/**
 * Longest piece of peer input an error message quotes. The peer chose the input's size; an
 * answer that echoed it whole would let one request make the server build and send megabytes.
 */
export const MAX_QUOTED_LENGTH = 120;

/** `text` in single quotes for an error message, cut to `max` characters with the size said. */
export function quoteBounded(text: string, max = MAX_QUOTED_LENGTH): string {
  if (text.length <= max) return `'${text}'`;
  return `'${text.slice(0, max)}…' (${text.length} characters)`;
}
