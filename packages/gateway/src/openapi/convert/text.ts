/**
 * Spec text (summaries, descriptions) as the inert plain text a tool carries. Nothing here is
 * ever evaluated: `{{ }}` and `${ }` stay literal characters, and the result only ever goes to
 * a title or description, never to a header or URL template.
 * @module
 */

const MAX_SOURCE_TEXT = 64 * 1024;
const TAG = /<\/?[A-Za-z][^<>]*>/g;
const BREAK = /<(br|\/p|\/div|\/li|\/h[1-6]|\/tr)\b[^<>]*>/gi;
const COMMENT = /<!--[\s\S]*?-->/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * HTML tags and comments removed (a line break kept for block ends), the common entities
 * decoded once, runs of blank lines collapsed, trimmed. Markdown is kept as it is.
 */
export function plainText(value: unknown): string {
  if (typeof value !== 'string') return '';
  // Longer than any tool text may be: a hostile length must not make the patterns slow.
  return value
    .slice(0, MAX_SOURCE_TEXT)
    .replace(COMMENT, '')
    .replace(BREAK, '\n')
    .replace(TAG, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_match, name: string) => ENTITIES[name] ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** `text` cut to `max` characters with an ellipsis, never splitting a surrogate pair. */
export function clampText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** A single-line title of at most `max` characters, or undefined when there is no text. */
export function titleText(value: unknown, max: number): string | undefined {
  const text = plainText(value).replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : clampText(text, max);
}
