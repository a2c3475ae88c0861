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
    ratio: 'forgeV2',
    min: 2.5,
    // One call in flight is bound by process wake-ups on an idle machine (the floor itself can
    // stay under 2.5x SDK v2 there), so server CPU per call also counts: either one passing does.
    orCpu: true,
    what: `stdio echo 1 in flight (${era}) vs SDK v2`,
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

export const BUDGETS = [
  ...STDIO,
  ...HTTP,
  { row: 'framing.large', ratio: 'forgeFloor', max: 3, what: '8 MiB framing vs JSON.parse' },
  { row: 'memory.heap-growth', value: true, max: 1024, what: 'heap growth over 100k calls (KiB)' },
  { row: 'memory.per-session', value: true, max: 16, what: 'heap per idle legacy HTTP session (KiB)' },
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
    if (budget.orCpu && budget.min !== undefined && meetsByCpu(row, budget)) continue;
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

/** For an `orCpu` budget: the same minimum holds for the ratio of server CPU per call. */
function meetsByCpu(row, budget) {
  const cpu = row.ratios[budget.ratio === 'forgeV2' ? 'cpuForgeV2' : 'cpuForgeFloor'];
  return typeof cpu === 'number' && cpu >= budget.min;
}

/**
 * What a reader needs to judge a missed ratio: the same comparison by server CPU per call,
 * and, against SDK v2, whether even the floor reaches the budget in this run (when it does
 * not, the rate is bound by something no server controls, such as wake-up latency).
 */
function context(row, budget) {
  const notes = [];
  const cpu = row.ratios[budget.ratio === 'forgeV2' ? 'cpuForgeV2' : 'cpuForgeFloor'];
  if (typeof cpu === 'number') notes.push(`by server CPU per call ${cpu}x`);
  if (budget.ratio === 'forgeV2') {
    const floor = row.results.floor?.value;
    const v2 = row.results.sdk2?.value;
    if (floor > 0 && v2 > 0 && floor / v2 < budget.min) {
      notes.push(`the floor itself is only ${Math.round((floor / v2) * 100) / 100}x SDK v2 here`);
    }
  }
  return notes.length === 0 ? '' : ` (${notes.join('; ')})`;
}
