/** Streamable HTTP: the echo over 32 keep-alive connections, legacy with and without a session, and modern. */
import { spawnServer, waitForPort } from '../drivers/child.mjs';
import { HttpLoad } from '../drivers/http-client.mjs';
import { compare } from './compare.mjs';
import { checkEchoResponse, ERA_SETUP, echoOk, eraBody } from './http-eras.mjs';

export const CONNECTIONS = 32;

/** The server mode of each implementation for each era; absent = not supported. */
export const HTTP_MODES = {
  'legacy-session': { forge: 'http', sdk1: 'http-session', sdk2: 'http-session', floor: 'http' },
  'legacy-stateless': { forge: 'http-stateless', sdk1: 'http-stateless', sdk2: 'http', floor: 'http' },
  modern: { forge: 'http', sdk2: 'http', floor: 'http' },
};

const UNSUPPORTED = {
  sdk1: 'SDK v1 speaks 2025-11-25 and older only',
};

const LABELS = {
  'legacy-session': 'HTTP tools/call echo, legacy with session, 32 conns',
  'legacy-stateless': 'HTTP tools/call echo, legacy stateless, 32 conns',
  modern: 'HTTP tools/call echo, modern 2026-07-28, 32 conns',
};

function contender(impl, mode, era) {
  return {
    impl,
    async start() {
      const server = spawnServer(impl, mode);
      let load;
      try {
        const port = await waitForPort(server);
        load = await HttpLoad.open({ port, connections: CONNECTIONS, open: ERA_SETUP[era] });
      } catch (error) {
        await server.stop();
        throw new Error(`${error.message}\n${server.stderrTail()}`);
      }
      const body = eraBody(era);
      return {
        pid: server.child.pid,
        run: (warmupMs, measureMs, hooks) =>
          load.run({ body, ok: echoOk, check: checkEchoResponse, warmupMs, measureMs, hooks }),
        async stop() {
          load.close();
          await server.stop();
        },
      };
    },
  };
}

export async function runHttpSuite({ available, timing, record }) {
  for (const [era, modes] of Object.entries(HTTP_MODES)) {
    const contenders = available
      .filter((impl) => modes[impl] !== undefined)
      .map((impl) => contender(impl, modes[impl], era));
    const results = await compare(`http ${era}`, contenders, timing);
    for (const impl of available) {
      if (modes[impl] === undefined) results[impl] = { unsupported: UNSUPPORTED[impl] };
    }
    record({
      id: `http.echo.${era}`,
      group: 'http',
      label: LABELS[era],
      unit: 'req/s',
      better: 'higher',
      latency: true,
      results,
    });
  }
}
