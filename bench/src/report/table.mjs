/** The results table, as Markdown (printed to stdout and written to latest.md). */

export const COLUMNS = [
  ['forge', 'mcpforge'],
  ['sdk1', 'SDK v1'],
  ['sdk2', 'SDK v2'],
  ['floor', 'floor'],
];

function formatNumber(unit, value) {
  if (typeof value !== 'number') return '—';
  if (unit === 'checks/s' && value >= 1e6) return `${(value / 1e6).toFixed(2)}M`;
  if (unit.endsWith('/s')) return Math.round(value).toLocaleString('en-US');
  if (value >= 100) return Math.round(value).toLocaleString('en-US');
  return value.toFixed(1);
}

function cell(row, impl) {
  const result = row.results[impl];
  if (result === undefined) return '—';
  if (result.unsupported !== undefined) return 'n/a';
  if (result.error !== undefined) return 'failed';
  const text = formatNumber(row.unit, result.value);
  return result.errors > 0 ? `${text} (${result.errors} err)` : text;
}

function latencyCell(row, impl) {
  const result = row.results[impl];
  if (result === undefined || result.p50Us == null) return '—';
  return `${formatLatency(result.p50Us)} / ${formatLatency(result.p99Us)}`;
}

function formatLatency(us) {
  return us >= 1000 ? `${(us / 1000).toFixed(1)} ms` : `${Math.round(us)} µs`;
}

function cpuCell(result) {
  const us = result?.cpuUsPerCall;
  if (typeof us !== 'number') return '—';
  return us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} µs`;
}

function ratioCell(value) {
  return typeof value === 'number' ? `${value.toFixed(2)}x` : '—';
}

/** One Markdown table: a row per workload, plus a p50 / p99 row under each load row. */
export function renderTable(rows) {
  const header = ['Workload', ...COLUMNS.map(([, title]) => title), 'forge/floor', 'forge/v2'];
  const lines = [
    `| ${header.join(' | ')} |`,
    `|${header.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`,
  ];
  for (const row of rows) {
    const direction = row.better === 'lower' ? ', lower is better' : '';
    const cells = [`${row.label} (${row.unit}${direction})`, ...COLUMNS.map(([impl]) => cell(row, impl))];
    cells.push(ratioCell(row.ratios.forgeFloor), ratioCell(row.ratios.forgeV2));
    lines.push(`| ${cells.join(' | ')} |`);
    if (row.latency) {
      const latency = [
        '&nbsp;&nbsp;↳ latency p50 / p99',
        ...COLUMNS.map(([impl]) => latencyCell(row, impl)),
        '',
        '',
      ];
      lines.push(`| ${latency.join(' | ')} |`);
    }
    if (COLUMNS.some(([impl]) => typeof row.results[impl]?.cpuUsPerCall === 'number')) {
      const cpu = [
        '&nbsp;&nbsp;↳ server CPU per call',
        ...COLUMNS.map(([impl]) => cpuCell(row.results[impl])),
        ratioCell(row.ratios.cpuForgeFloor),
        ratioCell(row.ratios.cpuForgeV2),
      ];
      lines.push(`| ${cpu.join(' | ')} |`);
    }
  }
  return lines.join('\n');
}

/** Footnotes: why a cell is n/a (once per reason) and what failed. */
export function renderNotes(rows) {
  const reasons = new Set();
  const failures = [];
  for (const row of rows) {
    for (const [impl, title] of COLUMNS) {
      const result = row.results[impl];
      if (result?.unsupported !== undefined) reasons.add(`- n/a: ${result.unsupported}.`);
      if (result?.error !== undefined) failures.push(`- failed: ${row.label}, ${title}: ${result.error}`);
    }
  }
  return [...reasons, ...failures].join('\n');
}
