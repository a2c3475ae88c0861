/**
 * recall@k (the share of tasks with a correct tool among the first k), MRR (the mean of 1/rank
 * of the first correct tool, 0 when none is in the top 20) and the misses, per engine.
 */
export const MAX_RANK = 20;

export function quality(search, tasks, nameOf) {
  let at1 = 0;
  let at8 = 0;
  let reciprocal = 0;
  const misses = [];
  for (const task of tasks) {
    const wanted = new Set(task.expected.map(nameOf));
    const ranked = search(task.query, MAX_RANK);
    const rank = ranked.findIndex((name) => wanted.has(name)) + 1;
    if (rank === 1) at1++;
    if (rank >= 1 && rank <= 8) at8++;
    else misses.push({ query: task.query, rank: rank === 0 ? null : rank, top: ranked.slice(0, 3) });
    if (rank >= 1) reciprocal += 1 / rank;
  }
  const n = tasks.length;
  return { recall1: round3(at1 / n), recall8: round3(at8 / n), mrr: round3(reciprocal / n), misses };
}

function round3(value) {
  return Math.round(value * 1000) / 1000;
}
