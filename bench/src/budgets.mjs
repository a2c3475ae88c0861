/**
 * The performance budgets of docs (DESIGN "Performance budgets"), checked against one
 * run's results. Ratios come from the same run, so machine speed cancels out.
 */

const STDIO = ['legacy', 'modern'].flatMap((era) => [
  {
    row: `stdio.echo.${era}.w1`,
    ratio: 'forgeFloor',
    min: 0.8,
    what: `stdio echo 1 in flight (${era}) vs the raw floor`,
  },
  {
    row: `stdio.echo.${era}.w64`,
    ratio: 'forgeFloor',
    min: 0.7,
    what: `stdio echo 64 in flight (${era}) vs the raw floor`,
  },
  {
    row: `stdio.echo.${era}.w1`,
    // One call in flight is bound by process wake-ups: on a VM the floor itself stays near
    // 1.6x SDK v2 by rate, so no server can reach 2.5x by rate there. What a server controls
    // is the CPU it spends per call, so this budget is stated in server CPU per call.
    ratio: 'cpuForgeV2',
    min: 2.5,
    what: `stdio echo 1 in flight (${era}) vs SDK v2, by server CPU per call`,
  },
  {
    row: `stdio.echo.${era}.w64`,
    ratio: 'forgeV2',
    min: 2.5,
    what: `stdio echo 64 in flight (${era}) vs SDK v2`,
  },
]);

const HTTP = ['legacy-session', 'legacy-stateless', 'modern'].flatMap((era) => [
  { row: `http.echo.${era}`, ratio: 'forgeFloor', min: 0.6, what: `HTTP echo (${era}) vs bare node:http` },
  { row: `http.echo.${era}`, ratio: 'forgeV2', min: 5, what: `HTTP echo (${era}) vs SDK v2` },
]);

/**
 * The gateway (issue 9): half the rate of the same REST call made directly, and 5x the best of
 * the REST-to-MCP servers a user would pick instead (measured in the legacy row: they speak
 * 2025-11-25 on stdio only).
 */
const GATEWAY = [
  ...['legacy-session', 'modern'].map((era) => ({
    row: `gateway.call.${era}`,
    ratio: 'forgeFloor',
    min: 0.5,
    what: `gateway tools/call (${era}) vs the same REST call made directly`,
  })),
  {
    row: 'gateway.call.legacy-session',
    ratio: 'forgeAlt',
    min: 5,
    what: 'gateway tools/call (legacy-session) vs the best REST-to-MCP server',
  },
];

/**
 * Search mode (issue 13): our index finds a right tool in its first 8 for 90 % of the tasks of
 * each set, and answers a GitHub-sized catalog's search in under 2 ms at p99.
 */
const SEARCH = [
  { row: 'search.github.recall8', value: true, min: 0.9, what: 'search recall@8, GitHub tasks' },
  {
    row: 'search.github.blind.recall8',
    value: true,
    min: 0.9,
    what: 'search recall@8, GitHub blind held-out tasks',
  },
  { row: 'search.russian.recall8', value: true, min: 0.9, what: 'search recall@8, Russian tasks' },
  { row: 'search.github.latency-p99', value: true, max: 2, what: 'search latency p99, GitHub catalog (ms)' },
];

/**
 * Schema patterns (issue 19): linear time on the hostile pattern, at any length; fixed formats
 * cost about what they did (0.7x leaves room for a loaded machine's noise); open-ended patterns
 * run on re2js, about a tenth of the backtracking engine's rate on short values (the price of
 * linear time), and no worse than half that.
 */
const PATTERNS = [
  { row: 'patterns.pathological.40', value: true, max: 1_000, what: '^(a+)+$ on 40 × a + ! (µs)' },
  {
    row: 'patterns.pathological.100000',
    value: true,
    max: 100_000,
    what: '^(a+)+$ on 100,000 × a + ! (µs)',
  },
  {
    row: 'patterns.formats',
    ratio: 'forgeFloor',
    min: 0.7,
    what: 'fixed-format patterns vs the backtracking engine',
  },
  {
    row: 'patterns.open',
    ratio: 'forgeFloor',
    min: 0.05,
    what: 'open-ended patterns vs the backtracking engine',
  },
];

export const BUDGETS = [
  ...STDIO,
  ...HTTP,
  ...GATEWAY,
  { row: 'framing.large', ratio: 'forgeFloor', max: 3, what: '8 MiB framing vs JSON.parse' },
  { row: 'memory.heap-growth', value: true, max: 1024, what: 'heap growth over 100k calls (KiB)' },
  { row: 'memory.per-session', value: true, max: 16, what: 'heap per idle legacy HTTP session (KiB)' },
  ...SEARCH,
  ...PATTERNS,
];

/** Every missed budget, as readable lines; empty when all are met. */
export function missedBudgets(report, budgets = BUDGETS) {
  const rows = new Map(report.rows.map((row) => [row.id, row]));
  const missed = [];
  for (const budget of budgets) {
    const row = rows.get(budget.row);
    const forge = row?.results.forge;
    if (
      row === undefined ||
      forge === undefined ||
      forge.error !== undefined ||
      typeof forge.value !== 'number'
    ) {
      missed.push(`${budget.what}: not measured${forge?.error ? ` (${forge.error})` : ''}`);
      continue;
    }
    const actual = budget.value ? forge.value : row.ratios[budget.ratio];
    const suffix = budget.value ? ` ${row.unit}` : 'x';
    if (typeof actual !== 'number') {
      missed.push(`${budget.what}: no ratio (the other side was not measured)`);
    } else if (budget.min !== undefined && actual < budget.min) {
      missed.push(
        `${budget.what}: ${actual}${suffix}, budget >= ${budget.min}${suffix}${context(row, budget)}`,
      );
    } else if (budget.max !== undefined && actual > budget.max) {
      missed.push(`${budget.what}: ${actual}${suffix}, budget <= ${budget.max}${suffix}`);
    }
  }
  for (const row of report.rows) {
    const errors = row.results.forge?.errors;
    if (errors > 0) missed.push(`${row.label}: forge answered ${errors} requests with an error`);
  }
  return missed;
}

/** The same comparison by CPU per call, for each rate ratio. */
const CPU_RATIO = { forgeFloor: 'cpuForgeFloor', forgeV2: 'cpuForgeV2', forgeAlt: 'cpuForgeAlt' };

/**
 * What a reader needs to judge a missed ratio: a rate ratio also gets the same comparison by
 * server CPU per call, and a ratio against SDK v2 says what the floor itself reaches in this
 * run, in the same measure (when even the floor misses, something no server controls binds).
 */
function context(row, budget) {
  // An absolute value (a recall, a latency) has no other side to compare with.
  if (budget.ratio === undefined) return '';
  const notes = [];
  const byCpu = budget.ratio.startsWith('cpu');
  if (!byCpu) {
    const cpu = row.ratios[CPU_RATIO[budget.ratio]];
    if (typeof cpu === 'number') notes.push(`by server CPU per call ${cpu}x`);
  }
  if (budget.ratio === 'forgeV2' || budget.ratio === 'cpuForgeV2') {
    const floorOverV2 = byCpu
      ? row.results.sdk2?.cpuUsPerCall / row.results.floor?.cpuUsPerCall
      : row.results.floor?.value / row.results.sdk2?.value;
    if (Number.isFinite(floorOverV2) && floorOverV2 > 0 && floorOverV2 < budget.min) {
      notes.push(`the floor itself is only ${Math.round(floorOverV2 * 100) / 100}x SDK v2 here`);
    }
  }
  return notes.length === 0 ? '' : ` (${notes.join('; ')})`;
}
