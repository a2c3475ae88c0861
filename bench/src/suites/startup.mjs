/** Start-up: from spawn to the first `tools/list` answered, for a server with 50 tools. */
import { spawnServer } from '../drivers/child.mjs';
import { StdioClient } from '../drivers/stdio-client.mjs';
import { progress } from '../progress.mjs';
import { median, round } from '../stats.mjs';
import { INITIALIZED_LINE, initializeLine, listToolsParts } from '../workload.mjs';
import { firstLine } from './compare.mjs';

const TOOLS = 50;

async function once(impl) {
  const started = performance.now();
  const server = spawnServer(impl, 'stdio', { env: { BENCH_TOOLS: String(TOOLS - 1) } });
  try {
    const client = new StdioClient(server.child);
    // Written at once, as a host does: the server reads them when it is ready.
    const initialized = client.request(initializeLine);
    client.notify(INITIALIZED_LINE);
    const { prefix, suffix } = listToolsParts('legacy');
    const listed = await client.request((id) => prefix + id + suffix);
    const elapsed = performance.now() - started;
    await initialized;
    const count = listed.result?.tools?.length;
    if (count !== TOOLS)
      throw new Error(`expected ${TOOLS} tools, got ${count}: ${JSON.stringify(listed).slice(0, 200)}`);
    return elapsed;
  } catch (error) {
    throw new Error(`${error.message}\n${server.stderrTail()}`);
  } finally {
    await server.stop();
  }
}

export async function runStartupSuite({ available, record, repeats = 5 }) {
  const samples = Object.fromEntries(available.map((impl) => [impl, []]));
  const failed = {};
  for (let r = 0; r < repeats; r++) {
    progress(`start-up: round ${r + 1}/${repeats}`);
    for (const impl of available) {
      if (failed[impl]) continue;
      try {
        samples[impl].push(await once(impl));
      } catch (error) {
        failed[impl] = { error: firstLine(error) };
        progress(`start-up: ${impl} FAILED: ${firstLine(error)}`);
      }
    }
  }
  const results = {};
  for (const impl of available) {
    results[impl] = failed[impl] ?? {
      value: round(median(samples[impl]), 1),
      samples: samples[impl].map((ms) => round(ms, 1)),
    };
  }
  record({
    id: 'startup.first-list',
    group: 'startup',
    label: `start-up: spawn to first tools/list answered (${TOOLS} tools)`,
    unit: 'ms',
    better: 'lower',
    results,
  });
}
