#!/usr/bin/env node
/**
 * Search quality of search mode (issue 13): how often `search_tools` puts a right tool first
 * (recall@1) and in its first 8 (recall@8), and the MRR, for the gateway's index next to a plain
 * BM25 and minisearch, over GitHub's REST API (1,223 operations, English tasks) and the demo's
 * Russian office catalog (Russian tasks); what each delivery mode costs in tokens; and the
 * index's search latency, build time and heap.
 *
 * Ours is measured as a user meets it: GitHub's description imported (the demo's office
 * catalog seeded) into an agent in search mode of a real gateway (../search/agent-endpoint.mjs),
 * `search_tools` called over Streamable HTTP with the official SDK client. The in-process index
 * over the same published drafts runs beside it as a check (the suite throws at the first query
 * they rank differently) and for the latency budget; the other engines read the same drafts.
 *
 *   node bench/src/suites/search-quality.mjs          (the report as Markdown on stdout)
 *   BENCH_ONLY=search node bench/src/run.mjs           (as a suite of the whole bench)
 *
 * Needs `npm run build` and GitHub's description (see ../search/github-catalog.mjs).
 * Budgets (budgets.mjs): ours recall@8 >= 0.9 on each set (and on the blind GitHub set when
 * ../search/github-blind-tasks.mjs exists), p99 search under 2 ms on GitHub (the index in-process;
 * the HTTP round trip is reported, not budgeted). BENCH_SEARCH_HTTP_REPETITIONS (default 5):
 * rounds of every query over HTTP for that round trip.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureGithubOpenApi } from '../../../scripts/octokit-openapi.mjs';
import { describeMachine } from '../machine.mjs';
import { progress } from '../progress.mjs';
import { resultFiles } from '../results-files.mjs';
import { SDK_VERSION } from '../search/agent-client.mjs';
import { measureSearchAgent } from '../search/agent-endpoint.mjs';
import { demoOfficeSeed, openApiSeed } from '../search/agent-seeds.mjs';
import { firstDifference } from '../search/endpoint-measure.mjs';
import { engines } from '../search/engines.mjs';
import {
  directTokens,
  metaListTokens,
  SEARCH_ANSWER_TOOLS,
  searchAnswerTokens,
} from '../search/exchange-size.mjs';
import { GITHUB_DEV_REWORDED_TASKS } from '../search/github-dev-reworded-tasks.mjs';
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
const HTTP_REPETITIONS = Number(process.env.BENCH_SEARCH_HTTP_REPETITIONS ?? 5) || 5;
/** The label of ours when measured through the agent endpoint. */
const ENDPOINT_LABEL = 'mcpforge search_tools (agent in search mode)';
const INDEX_LABEL = 'mcpforge index in-process (same published drafts)';

/** The held-out GitHub set, once its file exists (it is written apart from this suite). */
async function loadBlindTasks() {
  try {
    return (await import('../search/github-blind-tasks.mjs')).GITHUB_BLIND_TASKS;
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('github-blind-tasks')) {
      return undefined;
    }
    throw error;
  }
}

/** Task sets whose misses stay out of the report: they measure, never tune. */
const HELD_OUT = new Set(['blind']);

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

/** Scores of one engine's `search` on every task set (held-out sets without their misses). */
function scores(search, taskSets, nameOf) {
  const result = {};
  for (const { name, tasks } of taskSets) {
    const scored = quality(search, tasks, nameOf);
    result[name] = HELD_OUT.has(name) ? { ...scored, misses: undefined } : scored;
  }
  return result;
}

/** Ours as the agent endpoint answered it: its rankings, HTTP round trip, seed+publish time. */
function endpointResult(agent, taskSets, nameOf) {
  const search = (query, limit) => agent.rankings.get(query).slice(0, limit);
  return {
    label: ENDPOINT_LABEL,
    setupMs: round(agent.seedMs, 0),
    setupLabel: agent.setupLabel,
    ...scores(search, taskSets, nameOf),
    latency: agent.latency,
  };
}

/**
 * @throws Error (code BENCH_SEARCH_RANKING_MISMATCH) at the first query the endpoint ranks
 *   otherwise than the in-process index over the same drafts.
 */
function checkSameRanking(agent, search) {
  const differing = firstDifference(agent.rankings, search);
  if (differing === undefined) return agent.rankings.size;
  const error = new Error(
    `search_tools through the agent endpoint ranks "${differing.query}" otherwise than the in-process index over the same published drafts:\n  endpoint ${differing.endpoint.join(', ')}\n  index    ${differing.index.join(', ')}`,
  );
  error.code = 'BENCH_SEARCH_RANKING_MISMATCH';
  throw error;
}

async function measureSet({ key, label, tools, taskSets, agent }, engineList, metaTools, analyze) {
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
  if (agent !== undefined) {
    set.via = agent.how;
    set.engines.forge = endpointResult(agent, taskSets, nameOf);
  }
  const allQueries = taskSets.flatMap(({ tasks }) => tasks.map((task) => task.query));
  for (const engine of engineList) {
    if (engine.only !== undefined && engine.only !== key) continue;
    // With an endpoint, ours in-process is the check beside it and the latency budget's subject.
    const resultKey = engine.key === 'forge' && agent !== undefined ? 'forgeIndex' : engine.key;
    const engineLabel = resultKey === 'forgeIndex' ? INDEX_LABEL : engine.label;
    progress(`search quality: ${key}, ${engineLabel}`);
    const cost = buildCost(() => engine.build(tools));
    const built = cost.keep;
    const result = { label: engineLabel, buildMs: cost.buildMs, heapKiB: cost.heapKiB };
    Object.assign(result, scores(built.search, taskSets, nameOf));
    if (resultKey === 'forgeIndex') set.sameRankingQueries = checkSameRanking(agent, built.search);
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
    set.engines[resultKey] = result;
  }
  if (agent !== undefined) {
    const { metrics } = agent;
    set.tokens.measured = agent.exchange;
    // Direct mode as the gateway measured the published catalog (seed 003 metrics).
    set.tokens.published = {
      delivery: metrics.delivery,
      catalogBytes: metrics.catalogBytes,
      estimatedTokens: metrics.estimatedTokens,
      toolsListBytes: metrics.toolsListBytes,
      toolsListEstimatedTokens: metrics.toolsListEstimatedTokens,
      qualityWarnings: metrics.qualityWarnings,
    };
  }
  return set;
}

/** An agent in search mode measured through its endpoint, with a progress line. */
async function throughAgent(what, seed, taskSets) {
  progress(`search quality: ${what} into an agent in search mode`);
  const agent = await measureSearchAgent({
    seed,
    queries: taskSets.flatMap(({ tasks }) => tasks.map((task) => task.query)),
    repetitions: HTTP_REPETITIONS,
  });
  progress(
    `search quality: ${agent.agent}: ${agent.tools.length} operations published in ${round(agent.seedMs / 1000, 1)} s; search_tools p50 ${agent.latency.p50Us} µs, p99 ${agent.latency.p99Us} µs over HTTP`,
  );
  return agent;
}

/** How an agent was set up, for the report. */
function agentSummary(agent, setup) {
  return {
    how: agent.how,
    setup,
    agent: agent.agent,
    counts: agent.counts,
    setupMs: round(agent.seedMs, 0),
    revision: agent.revision,
    catalogReport: agent.catalogReports.at(-1),
  };
}

/** Runs the measurements; returns the report object. */
export async function measureSearchQuality(env = process.env) {
  const { list, source } = await engines();
  const { searchToolsDefinition, callToolDefinition } = await loadMetaTools();
  const { analyze } = await loadSearchIndex();
  const metaTools = [searchToolsDefinition, callToolDefinition];
  const blind = await loadBlindTasks();
  const githubTaskSets = [
    { name: 'benchmark', tasks: GITHUB_TASKS },
    { name: 'dev', tasks: GITHUB_DEV_TASKS },
    { name: 'rewordedDev', tasks: GITHUB_DEV_REWORDED_TASKS },
    ...(blind === undefined ? [] : [{ name: 'blind', tasks: blind }]),
  ];
  const russianTaskSets = [{ name: 'benchmark', tasks: RUSSIAN_TASKS }];
  const githubPath = env.BENCH_GITHUB_OPENAPI || ensureGithubOpenApi();
  const github = await throughAgent(
    "importing GitHub's REST API description",
    openApiSeed(githubPath, { workspace: 'bench', agent: 'github' }),
    githubTaskSets,
  );
  github.setupLabel = 'import+publish';
  const office = await throughAgent("seeding the demo's office catalog", demoOfficeSeed(), russianTaskSets);
  office.setupLabel = 'demo seed+publish';
  const sets = [
    await measureSet(
      {
        key: 'github',
        label: `GitHub REST API (${github.tools.length} operations, English)`,
        tools: github.tools,
        taskSets: githubTaskSets,
        agent: github,
      },
      list,
      metaTools,
      analyze,
    ),
    await measureSet(
      {
        key: 'russian',
        label: `demo office catalog (${office.tools.length} operations, Russian)`,
        tools: office.tools,
        taskSets: russianTaskSets,
        agent: office,
      },
      list,
      metaTools,
      analyze,
    ),
  ];
  return {
    generatedAt: new Date().toISOString(),
    indexSource: source,
    served: 'startGateway on PGlite (a temporary data directory), 127.0.0.1',
    client: `@modelcontextprotocol/sdk ${SDK_VERSION} Client, Streamable HTTP`,
    agents: {
      github: agentSummary(github, 'import+publish'),
      russian: agentSummary(office, 'demo seed+publish'),
    },
    repetitions: REPETITIONS,
    httpRepetitions: HTTP_REPETITIONS,
    sets,
  };
}

const recallLine = (name, value) =>
  `${value >= RECALL8_BUDGET ? 'PASS' : 'FAIL'} ${name}: recall@8 ${value} (budget >= ${RECALL8_BUDGET})`;

/** Ours in-process on a set: beside the endpoint it is `forgeIndex`, else `forge`. */
const indexOf = (set) => set.engines.forgeIndex ?? set.engines.forge;

/** The budget lines: PASS or FAIL each. */
export function budgetLines(report) {
  const lines = [];
  for (const set of report.sets) {
    lines.push(recallLine(set.key, set.engines.forge.benchmark.recall8));
    if (set.engines.forge.blind !== undefined) {
      lines.push(recallLine(`${set.key} blind`, set.engines.forge.blind.recall8));
    }
  }
  const github = report.sets.find((set) => set.key === 'github');
  const p99Ms = round(indexOf(github).latency.p99Us / 1000, 3);
  lines.push(
    `${p99Ms < P99_BUDGET_MS ? 'PASS' : 'FAIL'} github: search p99 ${p99Ms} ms (budget < ${P99_BUDGET_MS} ms)`,
  );
  return lines;
}

/** A run.mjs row of recall@8 on one task set, each engine a column. */
function recallRow(set, taskSet, id, label) {
  const results = {};
  for (const [key, engine] of Object.entries(set.engines)) {
    const { recall1, recall8, mrr } = engine[taskSet];
    results[key] = { value: recall8, recall1, mrr };
  }
  return { id, group: 'search', label, unit: 'recall@8', better: 'higher', results };
}

/** The run.mjs rows: recall@8 per set (and the blind GitHub set), the GitHub p99s; each engine a column. */
export function searchRows(report) {
  const rows = [];
  for (const set of report.sets) {
    rows.push(
      recallRow(
        set,
        'benchmark',
        `search.${set.key}.recall8`,
        `search recall@8, ${set.label}, ${set.tasks.benchmark.count} tasks`,
      ),
    );
    if (set.tasks.blind !== undefined) {
      rows.push(
        recallRow(
          set,
          'blind',
          `search.${set.key}.blind.recall8`,
          `search recall@8, ${set.label}, blind set, ${set.tasks.blind.count} tasks`,
        ),
      );
    }
  }
  const github = report.sets.find((set) => set.key === 'github');
  const latency = {};
  for (const [key, engine] of Object.entries(github.engines)) {
    if (key === 'forge' && github.engines.forgeIndex !== undefined) continue;
    // The budgeted p99 is the index's own: in the `forge` column, as the budgets read it.
    latency[key === 'forgeIndex' ? 'forge' : key] = {
      value: round(engine.latency.p99Us / 1000, 3),
      p50Us: engine.latency.p50Us,
      p99Us: engine.latency.p99Us,
    };
  }
  rows.push({
    id: 'search.github.latency-p99',
    group: 'search',
    label: 'search_tools latency p99, GitHub catalog, limit 8 (index in-process)',
    unit: 'ms',
    better: 'lower',
    latency: true,
    results: latency,
  });
  const endpoint = github.engines.forge;
  if (github.engines.forgeIndex !== undefined) {
    rows.push({
      id: 'search.github.http-p99',
      group: 'search',
      label:
        'search_tools round trip p99 over Streamable HTTP (SDK client), GitHub agent in search mode, limit 8',
      unit: 'ms',
      better: 'lower',
      latency: true,
      results: {
        forge: {
          value: round(endpoint.latency.p99Us / 1000, 3),
          p50Us: endpoint.latency.p50Us,
          p99Us: endpoint.latency.p99Us,
        },
      },
    });
  }
  return rows;
}

const fixed = (value, digits = 3) => (typeof value === 'number' ? value.toFixed(digits) : '—');
const thousands = (value) => value.toLocaleString('en-US');

/** The task sets after `benchmark` (dev, rewordedDev, blind), each two more columns. */
const extraSets = (set) => Object.keys(set.tasks).filter((name) => name !== 'benchmark');

function engineLine(engine, extras) {
  const { recall1, recall8, mrr } = engine.benchmark;
  const more = extras
    .map((name) => ` ${fixed(engine[name].recall8)} | ${fixed(engine[name].mrr)} |`)
    .join('');
  const build =
    engine.setupMs !== undefined
      ? `${engine.setupLabel} ${fixed(engine.setupMs / 1000, 1)} s`
      : `${fixed(engine.buildMs, 1)} ms`;
  const heap = engine.heapKiB !== undefined ? `${Math.round(engine.heapKiB)} KiB` : '—';
  return `| ${engine.label} | ${fixed(recall1)} | ${fixed(recall8)} | ${fixed(mrr)} |${more} ${fixed(engine.latency.p50Us, 0)} µs / ${fixed(engine.latency.p99Us, 0)} µs | ${build} | ${heap} |`;
}

function tokenLines(set) {
  const { tokens } = set;
  const lines = [
    `Tokens (ceil(bytes/3)), computed: direct mode's tools/list ${thousands(tokens.direct)}; search mode ${thousands(tokens.searchExchange)} (tools/list of the two meta-tools ${tokens.metaList} + a search_tools answer with ${SEARCH_ANSWER_TOOLS} full tools, median ${thousands(tokens.searchAnswerMedian)}), ${fixed(tokens.direct / tokens.searchExchange, 1)}x less.`,
  ];
  const { measured, published } = tokens;
  if (measured?.exchangeTokens !== undefined) {
    lines.push(
      '',
      `Measured on the endpoint (HTTP body bytes received): tools/list ${thousands(measured.toolsListBytes)} B (~${thousands(measured.toolsListTokens)} tokens) + a search_tools answer with ${SEARCH_ANSWER_TOOLS} tools, median of ${measured.searchAnswers} queries, ${thousands(measured.searchAnswerBytesMedian)} B (~${thousands(measured.searchAnswerTokensMedian)}) = ~${thousands(measured.exchangeTokens)} tokens; direct mode per the published catalog's metrics: ${thousands(published.catalogBytes)} B, ~${thousands(published.estimatedTokens)} tokens (${fixed(published.estimatedTokens / measured.exchangeTokens, 1)}x the search exchange); its tools/list in search mode ${thousands(published.toolsListBytes)} B; ${thousands(published.qualityWarnings)} quality warnings.`,
    );
  }
  return lines;
}

/** The report as Markdown: one table per set, tokens, timing, and the budget lines. */
export function renderSearchReport(report) {
  const out = [];
  for (const set of report.sets) {
    const bench = set.tasks.benchmark;
    const extras = extraSets(set);
    const described = extras.map((name) => {
      const { count, paraphrased, reworded: few } = set.tasks[name];
      if (name === 'dev') return `development set ${count} tasks`;
      if (name === 'rewordedDev') return `reworded development set ${count} tasks`;
      return `${name} set ${count} tasks (${paraphrased} written with other words than the summary; ${few} share under half of the summary's words)`;
    });
    out.push(
      `### ${set.label}`,
      '',
      `${bench.count} tasks (${bench.paraphrased} written with other words than the summary; ${bench.reworded} share under half of the summary's words)${described.map((text) => `; ${text}`).join('')}.`,
      '',
      `| Engine | recall@1 | recall@8 | MRR |${extras.map((name) => ` ${name} recall@8 | ${name} MRR |`).join('')} p50 / p99 | build | heap |`,
      `| --- | ---: | ---: | ---: |${extras.map(() => ' ---: | ---: |').join('')} ---: | ---: | ---: |`,
    );
    for (const engine of Object.values(set.engines)) out.push(engineLine(engine, extras));
    out.push('');
    if (set.sameRankingQueries !== undefined) {
      out.push(
        `${ENDPOINT_LABEL}: ${set.via}; served by ${report.served}; called with ${report.client} (search_tools, limit 20). Its p50 / p99 is the HTTP round trip at limit 8 (${report.httpRepetitions} rounds of every query; reported, not budgeted); build is the time to put the catalog in the database and publish it. Its ranking equals the in-process index's over the same published drafts for all ${set.sameRankingQueries} queries (checked: the suite fails at the first difference).`,
        '',
      );
    }
    out.push(...tokenLines(set), '');
  }
  out.push(
    `Latency: every task query ${report.repetitions} times in-process (the other engines a tenth of that), one search at a time, limit 8. Index: ${report.indexSource}. GitHub import: ${report.agents.github.counts.created} operations created, ${report.agents.github.counts.skipped} skipped.`,
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
