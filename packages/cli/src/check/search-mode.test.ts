import { createAgent, createKey, publishAgent, type RunningGateway, startGateway } from '@mcpforge/gateway';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, run } from '../commands/check.js';
import { type DemoUpstream, startDemoUpstream } from '../demo/demo-upstream.js';
import { DEMO, OFFICE, SALES, seedDemo } from '../demo/seed-demo.js';
import { fakeIo } from '../test-support/fake-io.js';
import type { CheckReport, Finding } from './report.js';

/**
 * Issue 22, point 3: `mcpforge check` against our own gateway's demo agents, the search-mode
 * `office` among them, finds no error: it searches first and probes `call_tool` with the
 * revision the search answered, instead of an invented one.
 */
let upstream: DemoUpstream;
let running: RunningGateway;
let keys: Awaited<ReturnType<typeof seedDemo>>;
/** A search-mode agent over sales' create_order, a tool that declares the probe contract (it needs approval). */
const SALES_SEARCH = 'sales-search';
let salesSearchKey: string;

beforeAll(async () => {
  upstream = await startDemoUpstream();
  running = await startGateway({ listen: { host: '127.0.0.1', port: 0 } });
  const at = new URL(upstream.url);
  keys = await seedDemo(running.db, { rates: at, orders: at, office: at });
  await createAgent(running.db, DEMO.workspace, {
    slug: SALES_SEARCH,
    draft: { delivery: 'search', operations: [SALES.operation] },
  });
  await publishAgent(running.db, DEMO.workspace, SALES_SEARCH);
  salesSearchKey = (
    await createKey(running.db, {
      type: 'mcp_client',
      name: 'check test',
      workspace: DEMO.workspace,
      agent: SALES_SEARCH,
    })
  ).value;
}, 120_000);
afterAll(async () => {
  await running?.close();
  await upstream?.close();
});

async function check(agent: string, key: string): Promise<{ report: CheckReport; exitCode: number }> {
  const url = `${running.url}/mcp/v1/${DEMO.workspace}/${agent}`;
  const output = await run(['--url', url, '--header', `Authorization: Bearer ${key}`], fakeIo(process.env));
  return { report: output.result as CheckReport, exitCode: output.exitCode };
}

const errors = (report: CheckReport): Finding[] =>
  report.findings.filter((finding) => finding.severity === 'error');

describe('mcpforge check against the demo agents', { timeout: 120_000 }, () => {
  it('office (search mode): no error; call_tool is probed on a tool a search found, with the revision it answered', async () => {
    const { report, exitCode } = await check(OFFICE.agent, keys.officeMcpClient);
    expect(errors(report)).toEqual([]);
    expect(exitCode).toBe(0);
    const probes = report.findings.filter((finding) => finding.check === 'probe');
    // Found by a search (the office's schedule_meeting declares the probe), probed with its revision.
    expect(probes.some((finding) => finding.tool?.startsWith('call_tool → ') === true)).toBe(true);
    expect(probes.every((finding) => finding.severity === 'ok')).toBe(true);
    // call_tool's parameters are described like search_tools's.
    expect(report.findings.filter((finding) => finding.code === 'parameter_description_missing')).toEqual([]);
    expect(render(report)).not.toContain('probe_refused');
  });

  it('a search-mode agent over a tool that declares the probe: call_tool probes it with the revision the search answered', async () => {
    const { report, exitCode } = await check(SALES_SEARCH, salesSearchKey);
    expect(errors(report)).toEqual([]);
    expect(exitCode).toBe(0);
    expect(report.findings).toContainEqual(
      expect.objectContaining({ check: 'probe', severity: 'ok', tool: 'call_tool → create_order' }),
    );
  });

  it('currency-rates and sales (direct): no error', async () => {
    for (const [agent, key] of [
      [DEMO.agent, keys.mcpClient],
      [SALES.agent, keys.salesMcpClient],
    ] as const) {
      const { report, exitCode } = await check(agent, key);
      expect(errors(report)).toEqual([]);
      expect(exitCode).toBe(0);
    }
  });
});
