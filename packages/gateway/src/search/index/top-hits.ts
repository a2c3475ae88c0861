/**
 * The best `limit` documents of a score array, without sorting every candidate: a bounded,
 * sorted buffer (limit is at most a few dozen). Ties go to the lower document index, which the
 * index assigns in name order, so equal scores come back sorted by name.
 * @module
 */

export function topHits(scores: Float64Array, candidates: ArrayLike<number>, limit: number): number[] {
  const best: number[] = [];
  for (let i = 0; i < candidates.length; i++) {
    const doc = candidates[i] as number;
    const score = scores[doc] ?? 0;
    if (score <= 0) continue;
    if (best.length === limit) {
      const last = best[limit - 1] as number;
      if (!ranksBefore(score, doc, scores[last] ?? 0, last)) continue;
      best.pop();
    }
    let at = best.length;
    while (at > 0) {
      const previous = best[at - 1] as number;
      if (!ranksBefore(score, doc, scores[previous] ?? 0, previous)) break;
      at--;
    }
    best.splice(at, 0, doc);
  }
  return best;
}

function ranksBefore(score: number, doc: number, otherScore: number, other: number): boolean {
  return score > otherScore || (score === otherScore && doc < other);
}
