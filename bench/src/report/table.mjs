/** The results table, as Markdown (printed to stdout and written to latest.md). */
import { BUDGETS } from '../budgets.mjs';

export const COLUMNS = [
  ['forge', 'mcpforge'],
  ['sdk1', 'SDK v1'],
  ['sdk2', 'SDK v2'],
  ['floor', 'floor'],
];

function formatNumber(unit, value) {
  if (typeof value !== 'number') return '—';
  if (unit.startsWith('recall')) return value.toFixed(3);
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
  if (typeof us !== 'number') return '—';
  return Math.abs(us) >= 1000 ? `${(us / 1000).toFixed(1)} ms` : `${Math.round(us)} µs`;
}

function cpuCell(result) {
  const us = result?.cpuUsPerCall;
  if (typeof us !== 'number') return '—';
  return us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} µs`;
}

function ratioCell(value) {
  return typeof value === 'number' ? `${value.toFixed(2)}x` : '—';
}

/** The gateway rows' table: the gateway against direct REST and the REST-to-MCP servers. */
export const GATEWAY_COLUMNS = [
  ['forge', 'mcpforge gateway'],
  ['floor', 'direct REST (floor)'],
  ['proxy', 'bare proxy (ceiling)'],
  ['ivotoby', '@ivotoby/openapi-mcp-server'],
  ['generator', 'openapi-mcp-generator'],
];

/** The search-quality rows' table: our index against a plain BM25 and minisearch (issue 13). */
export const SEARCH_COLUMNS = [
  ['forge', 'mcpforge index'],
  ['floor', 'plain BM25'],
  ['minisearch', 'minisearch (defaults)'],
  ['minisearchTuned', 'minisearch (tuned)'],
];

/** The schema-pattern rows' table: the validator's engines (issue 19). */
export const PATTERN_COLUMNS = [
  ['forge', 'mcpforge (re2js; bounded formats native)'],
  ['floor', 'Ajv + RegExp (backtracking, before)'],
  ['re2wasm', 'Ajv + re2-wasm'],
];

const TABLES = [
  {
    rows: (rows) =>
      rows.filter((row) => row.group !== 'gateway' && row.group !== 'search' && row.group !== 'patterns'),
    columns: COLUMNS,
    ratios: [
      ['forgeFloor', 'cpuForgeFloor', 'forge/floor'],
      ['forgeV2', 'cpuForgeV2', 'forge/v2'],
    ],
  },
  {
    rows: (rows) => rows.filter((row) => row.group === 'gateway'),
    columns: GATEWAY_COLUMNS,
    ratios: [
      ['forgeFloor', 'cpuForgeFloor', 'gateway/floor'],
      ['forgeAlt', 'cpuForgeAlt', 'gateway/best alternative'],
      ['forgeProxy', 'cpuForgeProxy', 'gateway/proxy'],
      ['proxyFloor', 'cpuProxyFloor', 'proxy/floor'],
    ],
  },
  {
    rows: (rows) => rows.filter((row) => row.group === 'search'),
    columns: SEARCH_COLUMNS,
    ratios: [],
  },
  {
    rows: (rows) => rows.filter((row) => row.group === 'patterns'),
    columns: PATTERN_COLUMNS,
    ratios: [['forgeFloor', 'cpuForgeFloor', 'forge/before']],
  },
];

/**
 * The results as Markdown: the toolkit's table (a row per workload, plus p50 / p99 and CPU rows
 * under each load row), then the gateway's table, when the run has gateway rows.
 */
export function renderTable(rows) {
  return TABLES.map((table) => ({ ...table, rows: table.rows(rows) }))
    .filter((table) => table.rows.length > 0)
    .map((table) => renderOne(table))
    .join('\n\n');
}

function renderOne({ rows, columns, ratios }) {
  const header = ['Workload', ...columns.map(([, title]) => title), ...ratios.map(([, , title]) => title)];
  const lines = [
    `| ${header.join(' | ')} |`,
    `|${header.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`,
  ];
  const blanks = ratios.map(() => '');
  for (const row of rows) {
    const direction = row.better === 'lower' ? ', lower is better' : '';
    const cells = [`${row.label} (${row.unit}${direction})`, ...columns.map(([impl]) => cell(row, impl))];
    for (const [key] of ratios) cells.push(ratioCell(row.ratios[key]));
    lines.push(`| ${cells.join(' | ')} |`);
    if (row.latency) {
      const latency = [
        '&nbsp;&nbsp;↳ latency p50 / p99',
        ...columns.map(([impl]) => latencyCell(row, impl)),
        ...blanks,
      ];
      lines.push(`| ${latency.join(' | ')} |`);
    }
    if (row.added != null) {
      const added = [
        '&nbsp;&nbsp;↳ added latency p50 / p99 (gateway minus direct REST)',
        `${formatLatency(row.added.p50Us)} / ${formatLatency(row.added.p99Us)}`,
        ...columns.slice(1).map(() => ''),
        ...blanks,
      ];
      lines.push(`| ${added.join(' | ')} |`);
    }
    if (columns.some(([impl]) => typeof row.results[impl]?.cpuUsPerCall === 'number')) {
      const title = row.group === 'gateway' ? 'CPU per call (server + upstream)' : 'server CPU per call';
      const cpu = [
        `&nbsp;&nbsp;↳ ${title}`,
        ...columns.map(([impl]) => cpuCell(row.results[impl])),
        ...ratios.map(([, key]) => ratioCell(row.ratios[key])),
      ];
      lines.push(`| ${cpu.join(' | ')} |`);
    }
  }
  return lines.join('\n');
}

/** The gateway/floor budget (budgets.mjs), which the proxy ceiling is set against. */
const GATEWAY_FLOOR_MIN = BUDGETS.find(
  (budget) => budget.row === 'gateway.call.legacy-session' && budget.ratio === 'forgeFloor',
)?.min;

/**
 * The bare proxy's line: what it is, and where its ceiling stands against the direct call and
 * the gateway/floor budget, per 32-connection gateway row that measured both. Empty when none did.
 */
export function proxyCeilingNote(rows) {
  const figures = rows
    .filter((row) => row.id.startsWith('gateway.call.') && typeof row.ratios?.proxyFloor === 'number')
    .map((row) => ({ row, value: row.ratios.proxyFloor, cpu: row.ratios.cpuProxyFloor }));
  if (figures.length === 0) return '';
  const each = figures
    .map(({ row, value, cpu }) => {
      const era = row.id.endsWith('.modern') ? 'modern' : 'legacy with session';
      const byCpu = typeof cpu === 'number' ? ` (by CPU ${cpu.toFixed(2)}x)` : '';
      const gateway =
        typeof row.ratios.forgeProxy === 'number'
          ? `, gateway/proxy ${row.ratios.forgeProxy.toFixed(2)}x`
          : '';
      return `${era}: proxy/floor ${value.toFixed(2)}x${byCpu}${gateway}`;
    })
    .join('; ');
  const best = Math.max(...figures.map(({ value }) => value));
  const verdict =
    typeof GATEWAY_FLOOR_MIN !== 'number'
      ? ''
      : best < GATEWAY_FLOOR_MIN
        ? ` Below the ${GATEWAY_FLOOR_MIN}x gateway/floor budget: no gateway on node:http and undici can meet it on this machine, where client, proxy and upstream share the cores.`
        : ` At or above the ${GATEWAY_FLOOR_MIN}x gateway/floor budget.`;
  return `- bare proxy (ceiling): node:http + an undici Pool making the same GET, answering the upstream's JSON as the tool result; no MCP checks, keys, database or history, and it answers \`initialize\` but checks no session. ${each}.${verdict}`;
}

function columnsOf(row) {
  if (row.group === 'gateway') return GATEWAY_COLUMNS;
  if (row.group === 'patterns') return PATTERN_COLUMNS;
  return COLUMNS;
}

/** Footnotes: why a cell is n/a (once per reason), what failed, and the proxy ceiling. */
export function renderNotes(rows) {
  const reasons = new Set();
  const failures = [];
  for (const row of rows) {
    for (const [impl, title] of columnsOf(row)) {
      const result = row.results[impl];
      if (result?.unsupported !== undefined) reasons.add(`- n/a: ${result.unsupported}.`);
      if (result?.error !== undefined) failures.push(`- failed: ${row.label}, ${title}: ${result.error}`);
    }
  }
  const ceiling = proxyCeilingNote(rows);
  return [...reasons, ...failures, ...(ceiling === '' ? [] : [ceiling])].join('\n');
}
