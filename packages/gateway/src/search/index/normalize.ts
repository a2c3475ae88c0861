/**
 * Text normalisation shared by documents and queries, so both sides compare the same forms.
 * @module
 */

/**
 * NFKC (full-width letters, ligatures and compatibility digits become their plain forms), then
 * case folding, then ё → е: Russian text writes the two interchangeably, so a query with one
 * must find a description with the other.
 */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replaceAll('ё', 'е');
}
