#!/usr/bin/env node
/**
 * The development loop of the search index: recall@1, recall@8, MRR and each task's rank for
 * our index on the GitHub development sets (plain and reworded) and on the Russian set, for
 * variants of the tuning. The benchmark and blind sets are scored only with BENCH_SEARCH_TEST=1,
 * and then only as totals, never per task, so a choice made here is not fitted to them.
 *
 *   npm run build && node bench/src/suites/search-quality-dev.mjs
 *   BENCH_SEARCH_COOC='3:0.4:0.2;2:0.3:0.3' node bench/src/suites/search-quality-dev.mjs
 *   BENCH_SEARCH_EVERYDAY='0;0.2;0.4' node bench/src/suites/search-quality-dev.mjs
 *
 * BENCH_SEARCH_COOC lists co-occurrence variants as minTools:minShare:weight (weight 0: off);
 * BENCH_SEARCH_EVERYDAY lists weights of the everyday word groups (0: off), each tried with
 * every co-occurrence variant.
 */
import { searchDocument } from '../search/catalog-tool.mjs';
import { ENGLISH_OVER_OFFICE, RUSSIAN_OVER_GITHUB } from '../search/cross-language-tasks.mjs';
import { loadDemoCatalog } from '../search/demo-catalog.mjs';
import { GITHUB_BLIND_TASKS } from '../search/github-blind-tasks.mjs';
import { loadGithubCatalog } from '../search/github-catalog.mjs';
import { GITHUB_DEV_REWORDED_TASKS } from '../search/github-dev-reworded-tasks.mjs';
import { GITHUB_DEV_TASKS } from '../search/github-dev-tasks.mjs';
import { GITHUB_TASKS } from '../search/github-tasks.mjs';
import { quality } from '../search/metrics.mjs';
import { loadSearchIndex } from '../search/modules.mjs';
import { RUSSIAN_TASKS } from '../search/russian-tasks.mjs';

const { ToolSearchIndex } = await loadSearchIndex();
const { DEFAULT_TUNING } = await import('../../../packages/gateway/dist/search/index/index.js');
const github = await loadGithubCatalog();
const demo = await loadDemoCatalog();
const withTest = process.env.BENCH_SEARCH_TEST === '1';

function score(tools, tasks, tuning) {
  const nameOf = new Map(tools.map((tool) => [tool.id, tool.name]));
  const index = ToolSearchIndex.build(tools.map(searchDocument), tuning);
  const search = (query, limit) => index.search(query, { limit }).map((hit) => hit.name);
  const result = quality(search, tasks, (id) => nameOf.get(id));
  result.ranks = tasks.map((task) => {
    const wanted = new Set(task.expected.map((id) => nameOf.get(id)));
    return search(task.query, 20).findIndex((name) => wanted.has(name)) + 1;
  });
  return result;
}

const fmt = (r) => `${r.recall1.toFixed(3)} ${r.recall8.toFixed(3)} ${r.mrr.toFixed(3)}`;
const { minTools, minShare, weight } = DEFAULT_TUNING.cooccurrence;
const spec = process.env.BENCH_SEARCH_COOC ?? `0:0:0;${minTools}:${minShare}:${weight}`;
const everyday = (process.env.BENCH_SEARCH_EVERYDAY ?? `0;${DEFAULT_TUNING.everydayWeight}`).split(';');
for (const item of spec.split(';')) {
  for (const everydayWeight of everyday.map(Number)) {
    const [minTools, minShare, weight] = item.split(':').map(Number);
    const tuning = { ...DEFAULT_TUNING, cooccurrence: { minTools, minShare, weight }, everydayWeight };
    const dev = score(github.tools, GITHUB_DEV_TASKS, tuning);
    const reworded = score(github.tools, GITHUB_DEV_REWORDED_TASKS, tuning);
    const russian = score(demo.tools, RUSSIAN_TASKS, tuning);
    const ruOverEn = score(github.tools, RUSSIAN_OVER_GITHUB.dev, tuning);
    const enOverRu = score(demo.tools, ENGLISH_OVER_OFFICE.dev, tuning);
    let line = `co-occurrence ${item.padEnd(12)} everyday ${String(everydayWeight).padEnd(4)} dev ${fmt(dev)} | reworded dev ${fmt(reworded)} | russian ${fmt(russian)} | ru→en dev ${fmt(ruOverEn)} | en→ru dev ${fmt(enOverRu)}`;
    if (withTest) {
      line += ` | benchmark ${fmt(score(github.tools, GITHUB_TASKS, tuning))}`;
      line += ` | blind ${fmt(score(github.tools, GITHUB_BLIND_TASKS, tuning))}`;
      line += ` | ru→en held-out ${fmt(score(github.tools, RUSSIAN_OVER_GITHUB.heldOut, tuning))}`;
      line += ` | en→ru held-out ${fmt(score(demo.tools, ENGLISH_OVER_OFFICE.heldOut, tuning))}`;
    }
    process.stdout.write(
      `${line}\n   dev ranks ${dev.ranks.join(' ')}\n   reworded dev ranks ${reworded.ranks.join(' ')}\n`,
    );
  }
}
