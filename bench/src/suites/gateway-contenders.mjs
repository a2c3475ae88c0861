/**
 * The gateway suite's contenders, each a process of its own calling the one rates upstream:
 * the gateway over Streamable HTTP, the direct REST call (the floor), and the REST-to-MCP
 * servers a user would pick instead, over stdio.
 */
import { spawnScript, spawnServer, waitForPort } from '../drivers/child.mjs';
import { HttpLoad } from '../drivers/http-client.mjs';
import { StdioClient } from '../drivers/stdio-client.mjs';
import {
  GATEWAY_PATH,
  MODERN_VERSION,
  RATE_TEXT,
  REST_PATH,
  rateCallParts,
  TOOL,
} from '../gateway-workload.mjs';
import { ERA_SETUP, parseRpcBody } from './http-eras.mjs';
import { handshake } from './stdio-session.mjs';

/** A `tools/call` answer that carries the upstream's rate and is not an error. */
export function rateOk(response) {
  return (
    response.status === 200 &&
    response.body.includes(RATE_TEXT) &&
    !response.body.includes('"isError":true') &&
    !response.body.includes('"error":{')
  );
}

function checkRateCall(response) {
  if (response.status !== 200) return `HTTP ${response.status}: ${response.body.slice(0, 300)}`;
  const message = parseRpcBody(response);
  const result = message?.result;
  if (result === undefined || result.isError) return `not a rate: ${response.body.slice(0, 300)}`;
  if (!JSON.stringify(result.content).includes(RATE_TEXT)) return `no rate: ${response.body.slice(0, 300)}`;
  return undefined;
}

function checkRest(response) {
  if (response.status !== 200 || !response.body.includes(RATE_TEXT))
    return `HTTP ${response.status}: ${response.body.slice(0, 300)}`;
  return undefined;
}

const restOk = (response) => response.status === 200;

/** Per era: what each gateway connection does first, and the header lines of its calls. */
const GATEWAY_SETUP = {
  'legacy-session': ERA_SETUP['legacy-session'],
  modern: async () =>
    `MCP-Protocol-Version: ${MODERN_VERSION}\r\nMcp-Method: tools/call\r\nMcp-Name: ${TOOL}\r\n`,
};

/** Waits for the `key <value>` line the gateway server prints before `listening`. */
function keyLine(server) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk) => {
      seen += chunk.toString();
      const match = /^key (\S+)$/m.exec(seen);
      if (match) {
        server.child.stdout.off('data', onData);
        resolve(match[1]);
      }
    };
    server.child.stdout.on('data', onData);
    server.child.once('exit', () =>
      reject(new Error(`gateway exited before its key\n${server.stderrTail()}`)),
    );
  });
}

/** A started HTTP contender (gateway or proxy) calling the rates tool over its open `load`. */
function rateCallRun({ server, load, upstream, era }) {
  const { prefix, suffix } = rateCallParts({ era: era === 'modern' ? 'modern' : 'legacy' });
  return {
    server,
    pids: [server.child.pid, upstream.pid],
    run: (warmupMs, measureMs, hooks) =>
      load.run({
        body: (id) => prefix + id + suffix,
        ok: rateOk,
        check: checkRateCall,
        warmupMs,
        measureMs,
        hooks,
      }),
    async stop() {
      load.close();
      await server.stop();
    },
  };
}

/**
 * The gateway (`servers/gateway.mjs`) on `upstream`, PGlite unless `databaseUrl`; each of
 * `connections` keep-alive connections opens as `era` asks, then calls the rates tool. `env`:
 * more of the server's environment (BENCH_PGLITE_THREAD).
 */
export function gatewayContender({
  impl = 'forge',
  upstream,
  era,
  connections,
  databaseUrl,
  env: extra = {},
}) {
  return {
    impl,
    async start() {
      const env = { UPSTREAM_URL: upstream.url, ...extra };
      if (databaseUrl !== undefined) env.BENCH_DATABASE_URL = databaseUrl;
      const server = spawnServer('gateway', era, { env });
      let load;
      try {
        const key = keyLine(server);
        const port = await waitForPort(server, 60_000);
        load = await HttpLoad.open({
          port,
          connections,
          path: GATEWAY_PATH,
          headers: `Authorization: Bearer ${await key}\r\n`,
          open: GATEWAY_SETUP[era],
        });
      } catch (error) {
        await server.stop();
        throw new Error(`${error.message}\n${server.stderrTail()}`);
      }
      return rateCallRun({ server, load, upstream, era });
    },
  };
}

/**
 * The bare proxy (`servers/bare-proxy.mjs`) on `upstream`: the ceiling of any HTTP-to-HTTP
 * gateway here. Opened as `era` asks (it answers `initialize` but checks no session), then the
 * same `tools/call` bodies as the gateway's, checked the same way.
 */
export function proxyContender({ upstream, era, connections }) {
  return {
    impl: 'proxy',
    async start() {
      const server = spawnServer('bare-proxy', 'http', { env: { UPSTREAM_URL: upstream.url } });
      let load;
      try {
        const port = await waitForPort(server);
        load = await HttpLoad.open({ port, connections, path: GATEWAY_PATH, open: GATEWAY_SETUP[era] });
      } catch (error) {
        await server.stop();
        throw new Error(`${error.message}\n${server.stderrTail()}`);
      }
      return rateCallRun({ server, load, upstream, era });
    },
  };
}

/** The floor: the same REST GET made straight to the upstream, same driver, same connections. */
export function restContender({ upstream, connections }) {
  return {
    impl: 'floor',
    async start() {
      const load = await HttpLoad.open({ port: upstream.port, connections, open: async () => '' });
      return {
        pids: [upstream.pid],
        run: (warmupMs, measureMs, hooks) =>
          load.run({
            request: (connection) => connection.getRequest(REST_PATH),
            ok: restOk,
            check: checkRest,
            warmupMs,
            measureMs,
            hooks,
          }),
        async stop() {
          load.close();
        },
      };
    },
  };
}

/**
 * A REST-to-MCP server on stdio: `script args` started with `env`, the legacy handshake, the
 * one tool's name read from `tools/list`, then `window` calls of it in flight.
 */
export function stdioAlternative({ impl, script, args = [], env = {}, upstream, window }) {
  return {
    impl,
    async start() {
      const server = spawnScript(script, args, { env });
      const client = new StdioClient(server.child);
      let tool;
      try {
        await handshake(client);
        const listed = await client.request(
          (id) => `{"jsonrpc":"2.0","id":${id},"method":"tools/list","params":{}}`,
        );
        tool = listed.result?.tools?.[0]?.name;
        if (tool === undefined) throw new Error(`no tool listed: ${JSON.stringify(listed).slice(0, 300)}`);
      } catch (error) {
        await server.stop();
        throw new Error(`${impl}: ${error.message}\n--- server stderr ---\n${server.stderrTail()}`);
      }
      // The OpenAPI document's query parameters are `base` and `symbols`.
      const parts = rateCallParts({ tool, args: { base: 'USD', symbols: 'EUR' } });
      return {
        pids: [server.child.pid, upstream.pid],
        run: (warmupMs, measureMs, hooks) =>
          client.load({ parts, window, warmupMs, measureMs, check: checkStdioRate, hooks }),
        stop: () => server.stop(),
      };
    },
  };
}

function checkStdioRate(response) {
  const result = response.result;
  if (result === undefined || result.isError) return JSON.stringify(response).slice(0, 300);
  if (!JSON.stringify(result.content).includes(RATE_TEXT))
    return `no rate: ${JSON.stringify(result).slice(0, 300)}`;
  return undefined;
}

/** The upstream process (`servers/rates-upstream.mjs`): `{ url, port, pid, stop }`. */
export async function startUpstream() {
  const server = spawnServer('rates-upstream', 'http');
  const port = await waitForPort(server);
  return { url: `http://127.0.0.1:${port}`, port, pid: server.child.pid, stop: () => server.stop() };
}
