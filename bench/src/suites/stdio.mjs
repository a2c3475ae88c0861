/** stdio: `tools/call` echo at 1 and 64 in flight in both eras, and `tools/list` of 1,000 tools. */
import { ECHO_TEXT, echoCallParts, listToolsParts } from '../workload.mjs';
import { compare } from './compare.mjs';
import { checkEcho, checkToolCount, openStdio } from './stdio-session.mjs';

function contender(impl, { era, window, parts, check, env = {} }) {
  return {
    impl,
    async start() {
      const { server, client } = await openStdio(impl, { era, env });
      return {
        pid: server.child.pid,
        run: (warmupMs, measureMs, hooks) =>
          client.load({ parts, window, warmupMs, measureMs, check, hooks }),
        stop: () => server.stop(),
      };
    },
  };
}

/** Which implementations serve an era over stdio (SDK v1 has no 2026-07-28). */
function implsFor(era, available) {
  return available.filter((impl) => era === 'legacy' || impl !== 'sdk1');
}

export async function runStdioSuite({ available, timing, record }) {
  for (const era of ['legacy', 'modern']) {
    for (const window of [1, 64]) {
      const id = `stdio.echo.${era}.w${window}`;
      const options = { era, window, parts: echoCallParts(era), check: checkEcho(ECHO_TEXT) };
      const results = await compare(
        `stdio echo ${era} x${window}`,
        implsFor(era, available).map((impl) => contender(impl, options)),
        timing,
      );
      if (era === 'modern' && available.includes('sdk1'))
        results.sdk1 = { unsupported: 'SDK v1 speaks 2025-11-25 and older only' };
      record({
        id,
        group: 'stdio',
        label: `stdio tools/call echo, ${window} in flight (${era === 'legacy' ? 'legacy 2025-11-25' : 'modern 2026-07-28'})`,
        unit: 'calls/s',
        better: 'higher',
        latency: true,
        results,
      });
    }
  }
  const tools = 1000;
  const results = await compare(
    'stdio tools/list 1000',
    available.map((impl) =>
      contender(impl, {
        era: 'legacy',
        window: 1,
        parts: listToolsParts('legacy'),
        check: checkToolCount(tools),
        // echo plus fillers: exactly 1,000, which is also forge's default page size.
        env: { BENCH_TOOLS: String(tools - 1) },
      }),
    ),
    timing,
  );
  record({
    id: 'stdio.list.1000',
    group: 'stdio',
    label: 'stdio tools/list, 1,000 tools (legacy)',
    unit: 'lists/s',
    better: 'higher',
    latency: true,
    results,
  });
}
