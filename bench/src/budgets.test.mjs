import { describe, expect, it } from 'vitest';
import { BUDGETS, missedBudgets } from './budgets.mjs';
import { ratios } from './report/ratios.mjs';

/** A report where every budgeted row exists and forge meets every budget. */
function passingReport() {
  const rows = new Map();
  const row = (id, results, unit = 'calls/s') => {
    rows.set(id, { id, label: id, unit, results, ratios: ratios(results) });
  };
  for (const era of ['legacy', 'modern']) {
    row(`stdio.echo.${era}.w1`, {
      forge: { value: 900, cpuUsPerCall: 30 },
      sdk2: { value: 100, cpuUsPerCall: 90 },
      floor: { value: 1000, cpuUsPerCall: 27 },
    });
    row(`stdio.echo.${era}.w64`, { forge: { value: 900 }, sdk2: { value: 100 }, floor: { value: 1000 } });
  }
  row('http.echo.legacy-session', { forge: { value: 700 }, sdk2: { value: 100 }, floor: { value: 1000 } });
  row('http.echo.legacy-stateless', { forge: { value: 700 }, sdk2: { value: 100 }, floor: { value: 1000 } });
  row('http.echo.modern', { forge: { value: 700 }, sdk2: { value: 100 }, floor: { value: 1000 } });
  row('gateway.call.legacy-session', {
    forge: { value: 600 },
    floor: { value: 1000 },
    ivotoby: { value: 100 },
    generator: { value: 50 },
  });
  row('gateway.call.modern', { forge: { value: 600 }, floor: { value: 1000 } });
  row('framing.large', { forge: { value: 20 }, floor: { value: 10 } }, 'ms');
  row('memory.heap-growth', { forge: { value: 10 } }, 'KiB');
  row('memory.per-session', { forge: { value: 2 }, sdk1: { value: 28 } }, 'KiB');
  row('search.github.recall8', { forge: { value: 0.95 }, floor: { value: 0.5 } }, 'recall@8');
  row('search.github.blind.recall8', { forge: { value: 0.92 }, floor: { value: 0.5 } }, 'recall@8');
  row('search.russian.recall8', { forge: { value: 0.95 }, floor: { value: 0.5 } }, 'recall@8');
  row('search.github.latency-p99', { forge: { value: 0.4 } }, 'ms');
  row('patterns.pathological.40', { forge: { value: 2 }, floor: { unsupported: 'hours' } }, 'µs');
  row('patterns.pathological.100000', { forge: { value: 11_000 } }, 'µs');
  row('patterns.formats', { forge: { value: 500 }, floor: { value: 450 } }, 'checks/s');
  row('patterns.open', { forge: { value: 30 }, floor: { value: 300 } }, 'checks/s');
  return { rows: [...rows.values()] };
}

function withForge(report, id, forge) {
  const rows = report.rows.map((row) => {
    if (row.id !== id) return row;
    const results = { ...row.results, forge };
    return { ...row, results, ratios: ratios(results) };
  });
  return { rows };
}

describe('missedBudgets', () => {
  it('passes a report meeting every budget', () => {
    expect(missedBudgets(passingReport())).toEqual([]);
  });

  it('names a ratio below its minimum', () => {
    const report = withForge(passingReport(), 'stdio.echo.legacy.w1', { value: 700, cpuUsPerCall: 30 });
    expect(missedBudgets(report)).toEqual([
      'stdio echo 1 in flight (legacy) vs the raw floor: 0.7x, budget >= 0.8x (by server CPU per call 0.9x)',
    ]);
  });

  it('names a ratio above its maximum and an absolute value over its bound', () => {
    let report = withForge(passingReport(), 'framing.large', { value: 40 });
    report = withForge(report, 'memory.per-session', { value: 30 });
    expect(missedBudgets(report)).toEqual([
      '8 MiB framing vs JSON.parse: 4x, budget <= 3x',
      'heap per idle legacy HTTP session (KiB): 30 KiB, budget <= 16 KiB',
    ]);
  });

  it('judges the one-in-flight SDK v2 budget by server CPU per call, not by rate', () => {
    const report = passingReport();
    const row = report.rows.find((r) => r.id === 'stdio.echo.legacy.w1');
    // 1.7x by rate (wake-up bound), 2.5x by CPU: met.
    row.results = {
      forge: { value: 170, cpuUsPerCall: 40 },
      sdk2: { value: 100, cpuUsPerCall: 100 },
      floor: { value: 190, cpuUsPerCall: 32 },
    };
    row.ratios = ratios(row.results);
    expect(missedBudgets(report)).toEqual([]);
  });

  it('names a one-in-flight SDK v2 budget missed by CPU, however good the rate', () => {
    const report = passingReport();
    const row = report.rows.find((r) => r.id === 'stdio.echo.legacy.w1');
    row.results = {
      forge: { value: 900, cpuUsPerCall: 50 },
      sdk2: { value: 100, cpuUsPerCall: 100 },
      floor: { value: 1000, cpuUsPerCall: 45 },
    };
    row.ratios = ratios(row.results);
    expect(missedBudgets(report)).toEqual([
      'stdio echo 1 in flight (legacy) vs SDK v2, by server CPU per call: 2x, budget >= 2.5x (the floor itself is only 2.22x SDK v2 here)',
    ]);
  });

  it('judges the 64-in-flight SDK v2 ratio by rate alone', () => {
    const report = passingReport();
    const row = report.rows.find((r) => r.id === 'stdio.echo.legacy.w64');
    row.results = {
      forge: { value: 200, cpuUsPerCall: 10 },
      sdk2: { value: 100, cpuUsPerCall: 100 },
      floor: { value: 220, cpuUsPerCall: 8 },
    };
    row.ratios = ratios(row.results);
    expect(missedBudgets(report)).toEqual([
      'stdio echo 64 in flight (legacy) vs SDK v2: 2x, budget >= 2.5x (by server CPU per call 10x; the floor itself is only 2.2x SDK v2 here)',
    ]);
  });

  it('counts a missing or failed forge measurement as missed', () => {
    const report = withForge(passingReport(), 'http.echo.modern', { error: 'server exited' });
    report.rows = report.rows.filter((row) => row.id !== 'memory.heap-growth');
    const missed = missedBudgets(report);
    expect(missed).toContain('HTTP echo (modern) vs bare node:http: not measured (server exited)');
    expect(missed).toContain('heap growth over 100k calls (KiB): not measured');
  });

  it('names a search recall below 0.9 and a search p99 over 2 ms', () => {
    let report = withForge(passingReport(), 'search.github.recall8', { value: 0.66 });
    report = withForge(report, 'search.github.blind.recall8', { value: 0.53 });
    report = withForge(report, 'search.github.latency-p99', { value: 2.5 });
    expect(missedBudgets(report)).toEqual([
      'search recall@8, GitHub tasks: 0.66 recall@8, budget >= 0.9 recall@8',
      'search recall@8, GitHub blind held-out tasks: 0.53 recall@8, budget >= 0.9 recall@8',
      'search latency p99, GitHub catalog (ms): 2.5 ms, budget <= 2 ms',
    ]);
  });

  it('holds schema patterns to linear time and open-ended patterns to a twentieth of the backtracking rate', () => {
    let report = withForge(passingReport(), 'patterns.pathological.40', { value: 4_000_000 });
    report = withForge(report, 'patterns.open', { value: 10 });
    expect(missedBudgets(report)).toEqual([
      '^(a+)+$ on 40 × a + ! (µs): 4000000 µs, budget <= 1000 µs',
      'open-ended patterns vs the backtracking engine: 0.03x, budget >= 0.05x',
    ]);
  });

  it('counts error responses from forge as a miss', () => {
    const report = withForge(passingReport(), 'stdio.echo.modern.w64', { value: 900, errors: 3 });
    expect(missedBudgets(report)).toEqual(['stdio.echo.modern.w64: forge answered 3 requests with an error']);
  });

  it('holds the gateway to half the direct REST rate and 5x the best REST-to-MCP server', () => {
    let report = withForge(passingReport(), 'gateway.call.modern', { value: 400 });
    report = withForge(report, 'gateway.call.legacy-session', { value: 450, cpuUsPerCall: 40 });
    const row = report.rows.find((r) => r.id === 'gateway.call.legacy-session');
    row.results.ivotoby.cpuUsPerCall = 120;
    row.ratios = ratios(row.results);
    expect(missedBudgets(report)).toEqual([
      'gateway tools/call (legacy-session) vs the same REST call made directly: 0.45x, budget >= 0.5x',
      'gateway tools/call (modern) vs the same REST call made directly: 0.4x, budget >= 0.5x',
      // Judged against the better of the two (100/s, not 50/s), with its CPU comparison.
      'gateway tools/call (legacy-session) vs the best REST-to-MCP server: 4.5x, budget >= 5x (by server CPU per call 3x)',
    ]);
  });

  it('checks every budget it declares', () => {
    const empty = { rows: [] };
    expect(missedBudgets(empty)).toHaveLength(BUDGETS.length);
  });
});

describe('ratios', () => {
  it('pairs slices measured in the same round and takes the median ratio', () => {
    const results = {
      forge: { value: 90, slices: [90, 40, 95] },
      floor: { value: 100, slices: [100, 100, 50] },
    };
    // per round: 0.9, 0.4, 1.9 → median 0.9 (value over value would say 0.9 too, by luck)
    expect(ratios(results).forgeFloor).toBe(0.9);
    results.forge.slices = [45, 40, 95];
    expect(ratios(results).forgeFloor).toBe(0.45);
  });

  it('falls back to value over value, and gives no ratio for non-positive values', () => {
    expect(ratios({ forge: { value: 30 }, floor: { value: 10 }, sdk2: { value: -5 } })).toMatchObject({
      forgeFloor: 3,
      forgeV2: null,
    });
  });

  it('compares forge with the best of the alternatives a row measured', () => {
    const results = {
      forge: { value: 600, slices: [600, 500, 600], cpuUsPerCall: 40 },
      ivotoby: { value: 100, slices: [100, 50, 100], cpuUsPerCall: 400 },
      generator: { value: 120, slices: [150, 100, 120], cpuUsPerCall: 200 },
    };
    // per round against ivotoby 6, 10, 6 → 6; against the generator 4, 5, 5 → 5: the lesser
    expect(ratios(results)).toMatchObject({ forgeAlt: 5, cpuForgeAlt: 5 });
    expect(ratios({ forge: { value: 1 }, generator: { error: 'x' } }).forgeAlt).toBeNull();
  });

  it('compares CPU per call as capacity: their CPU over forge CPU', () => {
    const results = {
      forge: { value: 1, cpuUsPerCall: 10 },
      floor: { value: 1, cpuUsPerCall: 8 },
      sdk2: { value: 1, cpuUsPerCall: 50 },
    };
    expect(ratios(results)).toMatchObject({ cpuForgeFloor: 0.8, cpuForgeV2: 5 });
    expect(ratios({ forge: { value: 1 }, floor: { value: 1, cpuUsPerCall: 8 } }).cpuForgeFloor).toBeNull();
  });
});
