/**
 * Several runs of the same benchmark folded into one report: every figure and ratio is the
 * median over the runs, and `spread` keeps the lowest and highest run beside it, so a reader
 * (and `bench:check`) judges the typical run rather than the best one.
 */
import { median, round } from '../stats.mjs';

const RATIO_KEYS = [
  'forgeFloor',
  'forgeV2',
  'forgeAlt',
  'forgeProxy',
  'proxyFloor',
  'cpuForgeFloor',
  'cpuForgeV2',
  'cpuForgeAlt',
  'cpuForgeProxy',
  'cpuProxyFloor',
];

/** `reports`: the parsed latest.json of each run, in run order. */
export function foldRuns(reports) {
  if (reports.length === 0) throw new Error('no runs to fold');
  const first = reports[0];
  const rows = first.rows.map((row) => foldRow(row, reports));
  return {
    generatedAt: new Date().toISOString(),
    runs: reports.length,
    runTimes: reports.map((report) => report.generatedAt),
    machine: first.machine,
    settings: first.settings,
    loadAverage: { before: first.loadAverage?.before, after: reports.at(-1).loadAverage?.after },
    durationSeconds: reports.reduce((sum, report) => sum + (report.durationSeconds ?? 0), 0),
    rows,
  };
}

function foldRow(row, reports) {
  const same = reports.map((report) => report.rows.find((other) => other.id === row.id));
  const results = {};
  for (const impl of Object.keys(row.results)) {
    results[impl] = foldResult(same.map((other) => other?.results[impl]));
  }
  const ratios = {};
  const spread = {};
  for (const key of RATIO_KEYS) {
    const values = same.map((other) => other?.ratios?.[key]).filter(Number.isFinite);
    ratios[key] = values.length === 0 ? null : round(median(values), 2);
    if (values.length > 0) spread[key] = { min: Math.min(...values), max: Math.max(...values) };
  }
  const folded = { ...row, results, ratios, spread };
  if (row.added !== undefined) folded.added = foldAdded(same.map((other) => other?.added));
  return folded;
}

/** The gateway's added latency: the median run of each percentile. */
function foldAdded(values) {
  const present = values.filter((value) => value != null);
  if (present.length === 0) return null;
  const at = (key) => median(present.map((value) => value[key]));
  return { p50Us: at('p50Us'), p99Us: at('p99Us') };
}

/** The median of each numeric figure of one implementation; an error in any run is kept. */
function foldResult(results) {
  const present = results.filter((result) => result !== undefined);
  const failed = present.find((result) => result.error !== undefined || result.unsupported !== undefined);
  if (failed !== undefined || present.length === 0) return failed;
  const folded = { ...present[0] };
  for (const key of ['value', 'cpuUsPerCall', 'p50Us', 'p99Us']) {
    const values = present.map((result) => result[key]).filter(Number.isFinite);
    if (values.length > 0) folded[key] = median(values);
  }
  // Slices belong to one run; the folded figure is a median of runs, not of slices.
  delete folded.slices;
  const errors = present.reduce((sum, result) => sum + (result.errors ?? 0), 0);
  if (errors > 0) folded.errors = errors;
  return folded;
}

/** A Markdown table of the ratios: median of the runs, then lowest–highest. */
export function renderSpread(folded) {
  const lines = [
    '| Workload | forge/floor | (min–max) | forge/v2 | (min–max) | by CPU: forge/v2 | (min–max) | gateway/best alternative | (min–max) | gateway/proxy | (min–max) | proxy/floor | (min–max) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of folded.rows) {
    const cells = [row.label];
    for (const key of ['forgeFloor', 'forgeV2', 'cpuForgeV2', 'forgeAlt', 'forgeProxy', 'proxyFloor']) {
      const value = row.ratios[key] ?? null;
      const range = row.spread[key];
      cells.push(value === null ? '—' : `${value.toFixed(2)}x`);
      cells.push(range === undefined ? '' : `${range.min.toFixed(2)}–${range.max.toFixed(2)}`);
    }
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}
