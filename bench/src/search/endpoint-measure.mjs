/**
 * What the benchmark reads through an agent endpoint in search mode: that `tools/list` shows
 * the two meta-tools only, every query's ranking (`search_tools` at the largest limit), the
 * round-trip latency of `search_tools` over HTTP, and the real size of search mode's exchange
 * (the `tools/list` answer plus a `search_tools` answer of 8 tools, HTTP body bytes received).
 */
import { latencySummary, median } from '../stats.mjs';
import { SEARCH_ANSWER_TOOLS } from './exchange-size.mjs';
import { MAX_RANK } from './metrics.mjs';

const META_TOOLS = ['call_tool', 'search_tools'];
const BYTES_PER_TOKEN = 3;

/** @throws Error when `tools/list` shows anything but search_tools and call_tool. */
export async function checkMetaToolsOnly(client) {
  const names = await client.listToolNames();
  if (JSON.stringify([...names].sort()) !== JSON.stringify(META_TOOLS)) {
    throw new Error(
      `tools/list of the search-mode agent shows ${JSON.stringify(names)}, not ${META_TOOLS.join(' and ')}`,
    );
  }
  return names;
}

/** Each distinct query's names, best first, as `search_tools { query, limit: MAX_RANK }` answers. */
export async function endpointRankings(client, queries) {
  const rankings = new Map();
  for (const query of queries) {
    if (!rankings.has(query)) rankings.set(query, await client.search(query, MAX_RANK));
  }
  return rankings;
}

/** p50/p99 (µs) of `search_tools` round trips, limit 8, every query `repetitions` times, after a warm-up round. */
export async function endpointLatency(client, queries, repetitions) {
  for (const query of queries) await client.search(query, SEARCH_ANSWER_TOOLS);
  const samples = new Float64Array(queries.length * repetitions);
  let at = 0;
  for (let r = 0; r < repetitions; r++) {
    for (const query of queries) {
      const started = performance.now();
      await client.search(query, SEARCH_ANSWER_TOOLS);
      samples[at++] = performance.now() - started;
    }
  }
  return { ...latencySummary(samples), searches: samples.length };
}

const tokens = (bytes) => Math.ceil(bytes / BYTES_PER_TOKEN);

/**
 * Bytes received: the `tools/list` answer, and the median `search_tools` answer with 8 tools
 * over `queries` (answers with fewer tools left out); tokens as ceil(bytes / 3).
 */
export async function exchangeBytes(client, queries) {
  const list = await client.measure((c) => c.listToolNames());
  const answers = [];
  for (const query of queries) {
    const { value, bytes } = await client.measure((c) => c.search(query, SEARCH_ANSWER_TOOLS));
    if (value.length === SEARCH_ANSWER_TOOLS) answers.push(bytes.reduce((sum, n) => sum + n, 0));
  }
  const listBytes = list.bytes.reduce((sum, n) => sum + n, 0);
  const sizes = {
    toolsListBytes: listBytes,
    toolsListTokens: tokens(listBytes),
    searchAnswers: answers.length,
  };
  // A catalog too small to fill an answer has no search exchange of the measured kind.
  if (answers.length === 0) return sizes;
  const answerBytes = median(answers);
  return {
    ...sizes,
    searchAnswerBytesMedian: answerBytes,
    searchAnswerTokensMedian: tokens(answerBytes),
    exchangeBytes: listBytes + answerBytes,
    exchangeTokens: tokens(listBytes + answerBytes),
  };
}

/**
 * The first query whose endpoint ranking differs from `search(query, MAX_RANK)` in-process, or
 * undefined when all agree.
 */
export function firstDifference(rankings, search) {
  for (const [query, remote] of rankings) {
    const local = search(query, MAX_RANK);
    if (JSON.stringify(local) !== JSON.stringify(remote)) return { query, endpoint: remote, index: local };
  }
  return undefined;
}
