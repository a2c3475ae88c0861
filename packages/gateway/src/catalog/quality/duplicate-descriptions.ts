import { type CatalogWarning, type QualityTool, toolWarning } from './catalog-warning.js';

/** Word-set overlap (Jaccard) at or above which two descriptions read as the same to a model. */
export const NEAR_DUPLICATE_JACCARD = 0.85;

/** Normalised text: NFKC, case-folded, punctuation dropped, spaces collapsed. */
export function normaliseDescription(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}

interface Seen {
  name: string;
  words: Set<string>;
}

/**
 * `description_duplicate` for a tool whose normalised description equals an earlier tool's,
 * `description_near_duplicate` for one whose words overlap an earlier one's by
 * {@link NEAR_DUPLICATE_JACCARD} or more: a model cannot tell such tools apart. One warning per
 * tool, naming the first earlier tool it repeats. Blank descriptions are left to
 * `description_missing`.
 */
export function duplicateDescriptionWarnings(tools: readonly QualityTool[]): CatalogWarning[] {
  const warnings: CatalogWarning[] = [];
  const exact = new Map<string, string>();
  const seen: Seen[] = [];
  for (const tool of tools) {
    const normalised = normaliseDescription(tool.description);
    if (normalised === '') continue;
    const same = exact.get(normalised);
    if (same !== undefined) {
      warnings.push(
        toolWarning(
          'description_duplicate',
          tool.name,
          `'${tool.name}' has the same description as '${same}': say what sets each apart`,
        ),
      );
      continue;
    }
    exact.set(normalised, tool.name);
    const words = new Set(normalised.split(' '));
    // Sets whose sizes differ too much cannot reach the threshold: skip them without counting.
    const near = seen.find(
      (other) =>
        Math.min(other.words.size, words.size) / Math.max(other.words.size, words.size) >=
          NEAR_DUPLICATE_JACCARD && jaccard(other.words, words) >= NEAR_DUPLICATE_JACCARD,
    );
    if (near !== undefined) {
      warnings.push(
        toolWarning(
          'description_near_duplicate',
          tool.name,
          `the description of '${tool.name}' is nearly that of '${near.name}': say what sets each apart`,
        ),
      );
    }
    seen.push({ name: tool.name, words });
  }
  return warnings;
}
