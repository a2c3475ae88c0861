import { tokenize } from './tokenize.js';

/** Longest snippet returned with a search hit, in characters (ellipses included). */
export const SNIPPET_LENGTH = 160;

/**
 * A short excerpt of `text` around the first word that is one of `terms`, cut at
 * word boundaries. Without a matching word it is the start of the text.
 */
export function makeSnippet(text: string, terms: ReadonlySet<string>, maxLength = SNIPPET_LENGTH): string {
  if (text.length <= maxLength) return text;
  const tokens = tokenize(text);
  const hit = tokens.find((token) => terms.has(token.term));
  // Two characters are reserved for the ellipses on both sides.
  const budget = maxLength - 2;
  // Start a little before the hit so the reader sees its context, but not so late
  // that the excerpt runs out of text.
  let from = hit === undefined ? 0 : Math.max(0, hit.start - Math.floor(maxLength / 4));
  from = Math.min(from, text.length - budget);
  const start = from <= 0 ? 0 : (tokens.find((token) => token.start >= from)?.start ?? 0);
  const limit = start + budget;
  if (limit >= text.length) return (start > 0 ? '…' : '') + text.slice(start);
  // Cut after the last whole word that fits.
  const lastWhole = tokens.filter((token) => token.start >= start && token.end <= limit).at(-1);
  const end = lastWhole?.end ?? limit;
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}…`;
}
