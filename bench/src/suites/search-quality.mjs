#!/usr/bin/env node
/**
 * Search quality of search mode (issue 13): how often `search_tools` puts a right tool first
 * (recall@1) and in its first 8 (recall@8), and the MRR, for the gateway's index next to a plain
 * BM25 and minisearch, over GitHub's REST API (1,223 operations, English tasks) and the demo's
 * Russian office catalog (Russian tasks); what each delivery mode costs in tokens; and the
 * index's search latency, build time and heap.
 *
 *   node bench/src/suites/search-quality.mjs          (the report as Markdown on stdout)
 *   BENCH_ONLY=search node bench/src/run.mjs           (as a suite of the whole bench)
 *
 * Needs `npm run build` and GitHub's description (see ../search/github-catalog.mjs).
 * Budgets (budgets.mjs): ours recall@8 >= 0.9 on each set, p99 search under 2 ms on GitHub.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine } from '../machine.mjs';
import { progress } from '../progress.mjs';
import { resultFiles } from '../results-files.mjs';
import { loadDemoCatalog } from '../search/demo-catalog.mjs';
import { engines } from '../search/engines.mjs';
import {
  directTokens,
  metaListTokens,
  SEARCH_ANSWER_TOOLS,
  searchAnswerTokens,
} from '../search/exchange-size.mjs';
import { loadGithubCatalog } from '../search/github-catalog.mjs';
import { GITHUB_DEV_TASKS } from '../search/github-dev-tasks.mjs';
import { GITHUB_TASKS } from '../search/github-tasks.mjs';
import { quality } from '../search/metrics.mjs';
import { loadMetaTools, loadSearchIndex } from '../search/modules.mjs';
import { RUSSIAN_TASKS } from '../search/russian-tasks.mjs';
import { buildCost, searchLatency } from '../search/timing.mjs';
import { median, round } from '../stats.mjs';

export const RECALL8_BUDGET = 0.9;
export const P99_BUDGET_MS = 2;
const REPETITIONS = Number(process.env.BENCH_SEARCH_REPETITIONS ?? 200) || 200;

/** Tasks whose words cover less than half of every right operation's summary words. */
function reworded(tasks, tools, analyze) {
  const byId = new Map(tools.map((tool) => [tool.id, tool]));
  return tasks.filter((task) => {
    const words = new Set(analyze(task.query));
    return task.expected.every((id) => {
      const summary = [...new Set(analyze(byId.get(id)?.title ?? ''))];
      const shared = summary.filter((term) => words.has(term)).length;
      return summary.length === 0 || shared / summary.length < 0.5;
    });
  }).length;
}

async function measureSet({ key, label, tools, taskSets }, engineList, metaTools, analyze) {
  const byId = new Map(tools.map((tool) => [tool.id, tool]));
  const nameOf = (id) => {
    const tool = byId.get(id);
    if (tool === undefined) throw new Error(`${key}: a task names ${id}, which the catalog does not have`);
    return tool.name;
  };
  const listedByName = new Map(tools.map((tool) => [tool.name, tool.listed]));
  const set = {
    key,
    label,
    tools: tools.length,
    tasks: Object.fromEntries(
      taskSets.map(({ name, tasks }) => [
        name,
        {
          count: tasks.length,
          paraphrased: tasks.filter((task) => task.paraphrase).length,
          reworded: reworded(tasks, tools, analyze),
        },
      ]),
    ),
    engines: {},
  };
  const allQueries = taskSets.flatMap(({ tasks }) => tasks.map((task) => task.query));
  for (const engine of engineList) {
    progress(`search quality: ${key}, ${engine.label}`);
    const cost = buildCost(() => engine.build(tools));
    const built = cost.keep;
    const result = { label: engine.label, buildMs: cost.buildMs, heapKiB: cost.heapKiB };
    for (const { name, tasks } of taskSets) result[name] = quality(built.search, tasks, nameOf);
    // Fewer rounds for the comparisons: they are 10-100x slower, and their p99 is not budgeted.
    const repetitions = engine.key === 'forge' ? REPETITIONS : Math.max(10, Math.round(REPETITIONS / 10));
    result.latency = searchLatency(built.search, allQueries, repetitions);
    if (engine.key === 'forge') {
      const answers = allQueries.map((query) =>
        searchAnswerTokens(built.search(query, SEARCH_ANSWER_TOOLS).map((name) => listedByName.get(name))),
      );
      const meta = metaListTokens(metaTools);
      set.tokens = {
        direct: directTokens(tools),
        metaList: meta,
        searchAnswerMedian: median(answers),
        searchExchange: meta + median(answers),
      };
    }
    set.engines[engine.key] = result;
  }
  return set;
}

/** Runs the measurements; returns the report object. */
export async function measureSearchQuality() {
  const { list, source } = await engines();
  const { searchToolsDefinition, callToolDefinition } = await loadMetaTools();
  const { analyze } = await loadSearchIndex();
  progress('search quality: loading GitHub REST API description');
  const github = await loadGithubCatalog();
  const demo = await loadDemoCatalog();
  const sets = [
    await measureSet(
      {
        key: 'github',
        label: `GitHub REST API (${github.tools.length} operations, English)`,
        tools: github.tools,
        taskSets: [
          { name: 'benchmark', tasks: GITHUB_TASKS },
          { name: 'dev', tasks: GITHUB_DEV_TASKS },
        ],
      },
      list,
      [searchToolsDefinition, callToolDefinition],
      analyze,
    ),
    await measureSet(
      {
        key: 'russian',
        label: `demo office catalog (${demo.tools.length} operations, Russian)`,
        tools: demo.tools,
        taskSets: [{ name: 'benchmark', tasks: RUSSIAN_TASKS }],
      },
      list,
      [searchToolsDefinition, callToolDefinition],
      analyze,
    ),
  ];
  return {
    generatedAt: new Date().toISOString(),
    indexSource: source,
    githubConverter: github.converter,
    repetitions: REPETITIONS,
    sets,
  };
}

/** The budget lines: PASS or FAIL each. */
export function budgetLines(report) {
  const lines = [];
  for (const set of report.sets) {
    const value = set.engines.forge.benchmark.recall8;
    lines.push(
      `${value >= RECALL8_BUDGET ? 'PASS' : 'FAIL'} ${set.key}: recall@8 ${value} (budget >= ${RECALL8_BUDGET})`,
    );
  }
  const github = report.sets.find((set) => set.key === 'github');
  const p99Ms = round(github.engines.forge.latency.p99Us / 1000, 3);
  lines.push(
    `${p99Ms < P99_BUDGET_MS ? 'PASS' : 'FAIL'} github: search p99 ${p99Ms} ms (budget < ${P99_BUDGET_MS} ms)`,
  );
  return lines;
}

/** The run.mjs rows: recall@8 per set, the GitHub p99; each engine a column. */
export function searchRows(report) {
  const rows = [];
  for (const set of report.sets) {
    const results = {};
    for (const [key, engine] of Object.entries(set.engines)) {
      const { recall1, recall8, mrr } = engine.benchmark;
      results[key] = { value: recall8, recall1, mrr };
    }
    rows.push({
      id: `search.${set.key}.recall8`,
      group: 'search',
      label: `search recall@8, ${set.label}, ${set.tasks.benchmark.count} tasks`,
      unit: 'recall@8',
      better: 'higher',
      results,
    });
  }
  const github = report.sets.find((set) => set.key === 'github');
  const latency = {};
  for (const [key, engine] of Object.entries(github.engines)) {
    latency[key] = {
      value: round(engine.latency.p99Us / 1000, 3),
      p50Us: engine.latency.p50Us,
      p99Us: engine.latency.p99Us,
    };
  }
  rows.push({
    id: 'search.github.latency-p99',
    group: 'search',
    label: 'search_tools latency p99, GitHub catalog, limit 8',
    unit: 'ms',
    better: 'lower',
    latency: true,
    results: latency,
  });
  return rows;
}

const fixed = (value, digits = 3) => (typeof value === 'number' ? value.toFixed(digits) : '—');

/** The report as Markdown: one table per set, tokens, timing, and the budget lines. */
export function renderSearchReport(report) {
  const out = [];
  for (const set of report.sets) {
    const bench = set.tasks.benchmark;
    out.push(
      `### ${set.label}`,
      '',
      `${bench.count} tasks (${bench.paraphrased} written with other words than the summary; ${bench.reworded} share under half of the summary's words)${set.tasks.dev ? `; development set ${set.tasks.dev.count} tasks` : ''}.`,
      '',
      `| Engine | recall@1 | recall@8 | MRR |${set.tasks.dev ? ' dev recall@8 | dev MRR |' : ''} p50 / p99 | build | heap |`,
      `| --- | ---: | ---: | ---: |${set.tasks.dev ? ' ---: | ---: |' : ''} ---: | ---: | ---: |`,
    );
    for (const engine of Object.values(set.engines)) {
      const { recall1, recall8, mrr } = engine.benchmark;
      const dev = engine.dev ? ` ${fixed(engine.dev.recall8)} | ${fixed(engine.dev.mrr)} |` : '';
      out.push(
        `| ${engine.label} | ${fixed(recall1)} | ${fixed(recall8)} | ${fixed(mrr)} |${dev} ${fixed(engine.latency.p50Us, 0)} µs / ${fixed(engine.latency.p99Us, 0)} µs | ${fixed(engine.buildMs, 1)} ms | ${Math.round(engine.heapKiB)} KiB |`,
      );
    }
    const { tokens } = set;
    out.push(
      '',
      `Tokens (ceil(bytes/3)): direct mode's tools/list ${tokens.direct.toLocaleString('en-US')}; search mode ${tokens.searchExchange.toLocaleString('en-US')} (tools/list of the two meta-tools ${tokens.metaList} + a search_tools answer with ${SEARCH_ANSWER_TOOLS} full tools, median ${tokens.searchAnswerMedian.toLocaleString('en-US')}), ${fixed(tokens.direct / tokens.searchExchange, 1)}x less.`,
      '',
    );
  }
  out.push(
    `Latency: every task query ${report.repetitions} times (the other engines a tenth of that), one search at a time, limit 8. Index: ${report.indexSource}; GitHub converted by ${report.githubConverter}.`,
    '',
    ...budgetLines(report).map((line) => `- ${line}`),
  );
  return out.join('\n');
}

/** The misses of our index, for reading (not for tuning: see github-dev-tasks.mjs). */
function missLines(report) {
  return report.sets.flatMap((set) =>
    set.engines.forge.benchmark.misses.map(
      (miss) => `${set.key}: "${miss.query}" → rank ${miss.rank ?? '>20'} (top: ${miss.top.join(', ')})`,
    ),
  );
}

/** The suite inside run.mjs. */
export async function runSearchQualitySuite({ record }) {
  const report = await measureSearchQuality();
  for (const line of budgetLines(report)) progress(`search quality: ${line}`);
  for (const row of searchRows(report)) record(row);
  return report;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = await measureSearchQuality();
  const { dir } = resultFiles();
  const markdown = `# Search quality: latest run\n\n${report.generatedAt} · ${describeMachine().cpu}\n\n${renderSearchReport(report)}\n`;
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'search-quality.json'), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(join(dir, 'search-quality.md'), markdown);
  for (const line of missLines(report)) progress(`miss ${line}`);
  process.stdout.write(`${renderSearchReport(report)}\n`);
  const failed = budgetLines(report).some((line) => line.startsWith('FAIL'));
  progress(
    `wrote ${join(dir, 'search-quality.{json,md}')}; ${failed ? 'a budget missed' : 'all budgets met'}`,
  );
  process.exitCode = failed ? 1 : 0;
}
