import { describe, expect, it } from 'vitest';
import { missedBudgets } from '../budgets.mjs';
import { ratios } from './ratios.mjs';
import { foldRuns, renderSpread } from './spread.mjs';

function run(forgeRate, at) {
  const results = {
    forge: { value: forgeRate, cpuUsPerCall: 10, p50Us: 100, p99Us: 300, slices: [forgeRate] },
    floor: { value: 1000, cpuUsPerCall: 8 },
    sdk2: { value: 100, cpuUsPerCall: 60 },
  };
  return {
    generatedAt: at,
    machine: { nproc: 2, cpu: 'test', node: 'v20' },
    settings: {},
    durationSeconds: 10,
    rows: [{ id: 'http.echo.modern', label: 'HTTP echo', unit: 'req/s', results, ratios: ratios(results) }],
  };
}

describe('foldRuns', () => {
  it('reports the median run with the lowest and highest beside it, not the best run', () => {
    const folded = foldRuns([run(900, 'a'), run(500, 'b'), run(700, 'c')]);
    const [row] = folded.rows;
    expect(row.results.forge.value).toBe(700);
    expect(row.ratios.forgeFloor).toBe(0.7);
    expect(row.spread.forgeFloor).toEqual({ min: 0.5, max: 0.9 });
    expect(row.results.forge.slices).toBeUndefined();
    expect(folded.runs).toBe(3);
    expect(folded.durationSeconds).toBe(30);
  });

  it('feeds the budget check with the median: one good run does not hide two bad ones', () => {
    const folded = foldRuns([run(900, 'a'), run(500, 'b'), run(550, 'c')]);
    expect(
      missedBudgets(folded, [{ row: 'http.echo.modern', ratio: 'forgeFloor', min: 0.6, what: 'x' }]),
    ).toEqual(['x: 0.55x, budget >= 0.6x (by server CPU per call 0.8x)']);
  });

  it('keeps a failure of any run and adds up error answers', () => {
    const bad = run(700, 'b');
    bad.rows[0].results.forge = { error: 'server exited' };
    expect(foldRuns([run(700, 'a'), bad]).rows[0].results.forge).toEqual({ error: 'server exited' });
    const erring = run(700, 'c');
    erring.rows[0].results.forge.errors = 2;
    expect(foldRuns([erring, erring]).rows[0].results.forge.errors).toBe(4);
  });

  it('renders one line per workload with the range', () => {
    const table = renderSpread(foldRuns([run(900, 'a'), run(500, 'b'), run(700, 'c')]));
    expect(table.split('\n')[2]).toBe(
      '| HTTP echo | 0.70x | 0.50–0.90 | 7.00x | 5.00–9.00 | 6.00x | 6.00–6.00 | — |  | — |  | — |  |',
    );
  });

  it('folds a gateway row: the best-alternative ratio and the added latency, as medians of the runs', () => {
    const gatewayRun = (rate, addedP50, at) => {
      const results = {
        forge: { value: rate },
        floor: { value: 1000 },
        proxy: { value: 800 },
        ivotoby: { value: 100 },
        generator: { value: 50 },
      };
      return {
        generatedAt: at,
        machine: {},
        settings: {},
        rows: [
          {
            id: 'gateway.latency.pglite',
            group: 'gateway',
            label: 'gateway',
            results,
            ratios: ratios(results),
            added: { p50Us: addedP50, p99Us: addedP50 * 10 },
          },
        ],
      };
    };
    const [row] = foldRuns([
      gatewayRun(600, 300, 'a'),
      gatewayRun(400, 900, 'b'),
      gatewayRun(500, 500, 'c'),
    ]).rows;
    expect(row.ratios.forgeAlt).toBe(5);
    expect(row.spread.forgeAlt).toEqual({ min: 4, max: 6 });
    expect(row.ratios.proxyFloor).toBe(0.8);
    expect(row.spread.forgeProxy).toEqual({ min: 0.5, max: 0.75 });
    expect(row.added).toEqual({ p50Us: 500, p99Us: 5000 });
  });

  it('refuses an empty list of runs', () => {
    expect(() => foldRuns([])).toThrow('no runs to fold');
  });
});
