import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningGateway } from '@mcpforge/gateway';
import { ALLOWED_HOSTS_ENV, ALLOWED_HOSTS_FLAG, readAllowedHostsFlag } from '../cli/allowed-hosts.js';
import { CliError } from '../cli/cli-error.js';
import { type FlagSpec, flagHelp, parseFlags } from '../cli/flags.js';
import type { CliIo, CommandOutput } from '../cli/io.js';
import { parseListen } from '../cli/listen.js';
import { approvalFlowLines } from '../demo/approval-lines.js';
import { type DemoUpstream, startDemoUpstream } from '../demo/demo-upstream.js';
import { DEMO_SEARCH_OPERATIONS } from '../demo/search-catalog.js';
import { DEMO, OFFICE, SALES, seedDemo } from '../demo/seed-demo.js';
import { callCurl, initializeCurl, inspectorCommand } from '../demo/try-lines.js';
import { baseUrl, everyInterfaceWarning, interrupted, startListening } from '../serve/start.js';
import { closeWhenAborted } from '../serve/until-aborted.js';

/**
 * `mcpforge gateway demo`: the seed's demo in one command. PGlite in a temporary (or given)
 * data directory, seeded with workspace `default`, agent `currency-rates` and the tool
 * `frankfurter_latest_rate` calling a rates service (bundled on a loopback port unless
 * `--upstream` names one), and agent `sales` whose tool `create_order` places an order in the
 * bundled orders service once a person approves it, and agent `office` in search mode over a
 * bundled Russian office catalog (a few dozen operations behind `search_tools` and `call_tool`); prints
 * the MCP URLs and keys, then serves until Ctrl-C.
 * @module
 */

export const DEMO_FLAGS: readonly FlagSpec[] = [
  {
    name: 'data-dir',
    value: 'DIR',
    description: 'keep the demo database in DIR (default: a temporary directory, removed on exit)',
    example: './demo-data',
  },
  {
    name: 'listen',
    value: 'HOST:PORT',
    description: 'address to listen on (default 127.0.0.1:8080; port 0 picks a free one)',
    example: '127.0.0.1:0',
  },
  ALLOWED_HOSTS_FLAG,
  {
    name: 'upstream',
    value: 'URL',
    description:
      'the rates service to call (default: a bundled one on 127.0.0.1), e.g. https://api.frankfurter.dev',
    example: 'https://api.frankfurter.dev',
  },
  { name: 'json', description: 'print one JSON line { adminUrl, keys, agents } for scripts' },
];

export const DEMO_USAGE = `Usage: mcpforge gateway demo [flags]

Starts the gateway on a fresh embedded database with the demo seeded: workspace 'default',
agent 'currency-rates', tool 'frankfurter_latest_rate' (GET /v1/latest?base=USD&symbols=EUR),
agent 'sales', tool 'create_order' (POST /v1/orders, run only once a person approves it), and
agent 'office' in search mode: a Russian office catalog of ${DEMO_SEARCH_OPERATIONS.length} operations that
tools/list hides behind search_tools and call_tool. No internet needed: small rates, orders
and office services are bundled. Prints the MCP URLs and keys once, then serves until Ctrl-C.

Flags:
${flagHelp(DEMO_FLAGS)}`;

/** The demo's keys and URLs: exactly the JSON line `--json` prints. */
export interface DemoResult {
  adminUrl: string;
  keys: { admin: string; approval: string };
  agents: Record<string, { mcpUrl: string; mcpKey: string }>;
}

function readUpstream(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CliError(
      'invalid_value',
      `--upstream must be a URL such as https://api.frankfurter.dev; got '${text}'`,
    );
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search !== '' || url.hash !== '') {
    throw new CliError(
      'invalid_value',
      `--upstream must be an http(s) URL without query or fragment, such as https://api.frankfurter.dev; got '${text}'`,
    );
  }
  return url;
}

/** Runs `demo` with `args` (after `gateway demo`). @throws CliError. */
export async function run(args: readonly string[], io: CliIo): Promise<CommandOutput<DemoResult>> {
  const flags = parseFlags(args, DEMO_FLAGS, 'mcpforge gateway demo');
  const listen = typeof flags['listen'] === 'string' ? parseListen(flags['listen']) : undefined;
  const given = typeof flags['upstream'] === 'string' ? readUpstream(flags['upstream']) : undefined;
  const allowedHosts = readAllowedHostsFlag(flags['allowed-hosts'], io.env[ALLOWED_HOSTS_ENV]);
  const temporary = flags['data-dir'] === undefined;
  const dataDir = temporary ? await mkdtemp(join(tmpdir(), 'mcpforge-demo-')) : (flags['data-dir'] as string);
  let bundled: DemoUpstream | undefined;
  let running: RunningGateway | undefined;
  // Everything started so far, stopped in reverse; the temporary data directory goes last.
  const stop = async () => {
    await running?.close();
    await bundled?.close();
    if (temporary) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // The bundled upstream always runs: it is the orders service of `sales` even with --upstream.
    bundled = await startDemoUpstream();
    if (given === undefined) {
      io.progress(
        `rates service: bundled, on ${bundled.url} (--upstream https://api.frankfurter.dev for the real one)`,
      );
    } else io.progress(`rates service: ${given.href}`);
    io.progress(
      `orders service: bundled, on ${bundled.url} (GET ${bundled.url}/v1/orders lists the orders placed)`,
    );
    io.progress(`database: PGlite in ${dataDir}${temporary ? ' (temporary, removed on exit)' : ''}`);
    const exposed = everyInterfaceWarning(listen);
    if (exposed !== undefined) io.progress(exposed);
    running = await startListening({
      signal: io.signal,
      // A temporary directory is thrown away: nothing in it to finish writing.
      abandonable: temporary,
      progress: io.progress,
      dataDir,
      listen,
      allowedHosts,
      logger: io.logger,
      onMigration: (event) => {
        if (event.type === 'done')
          io.progress(`migration ${event.id} applied (${Math.round(event.durationMs)} ms)`);
      },
    });
    const keys = await seedDemo(running.db, {
      rates: given ?? new URL(bundled.url),
      orders: new URL(bundled.url),
      office: new URL(bundled.url),
    });
    // A signal while it started: no banner and no keys for a demo that is stopping.
    if (io.signal.aborted) {
      throw interrupted(
        temporary ? 'the temporary database is removed' : `the seeded database in ${dataDir} is kept`,
      );
    }
    const base = baseUrl(running, undefined);
    const stopped = closeWhenAborted(io.signal, stop);
    return {
      result: {
        adminUrl: `${base}/admin/v1`,
        keys: { admin: keys.admin, approval: keys.approval },
        agents: {
          [DEMO.agent]: { mcpUrl: `${base}/v1/${DEMO.workspace}/${DEMO.agent}`, mcpKey: keys.mcpClient },
          [SALES.agent]: {
            mcpUrl: `${base}/v1/${DEMO.workspace}/${SALES.agent}`,
            mcpKey: keys.salesMcpClient,
          },
          [OFFICE.agent]: {
            mcpUrl: `${base}/v1/${DEMO.workspace}/${OFFICE.agent}`,
            mcpKey: keys.officeMcpClient,
          },
        },
      },
      stopped,
    };
  } catch (error) {
    await stop();
    if (error instanceof CliError) throw error;
    throw new CliError('start_failed', `the demo could not start: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** The human view: where to connect, the keys (shown once), and what to try. */
/** The Inspector line with the note that fits its launcher: a checkout brings its own Node 22. */
function inspectorLines(command: string): string[] {
  const note = command.startsWith('npx ')
    ? 'Or list the tools with the MCP Inspector (npx; it needs Node 22.19 or later):'
    : "Or list the tools with the MCP Inspector (on the checkout's own Node 22, installed once):";
  return [note, command];
}

/** What the search-mode agent is and how to try it. */
function searchLines(mcpUrl: string): string[] {
  return [
    `Search mode (agent ${OFFICE.agent}, a Russian office catalog of ${DEMO_SEARCH_OPERATIONS.length} operations):`,
    `  ${mcpUrl}`,
    '  tools/list shows only search_tools and call_tool; search_tools { "query": "выставить счёт клиенту" }',
    '  answers the matching tools with their schemas and the catalog_revision call_tool needs.',
  ];
}

export function render(result: DemoResult): string {
  const agent = result.agents[DEMO.agent];
  const sales = result.agents[SALES.agent];
  const office = result.agents[OFFICE.agent];
  if (agent === undefined) return JSON.stringify(result);
  return [
    'mcpforge gateway demo is running.',
    '',
    `MCP URL (agent ${DEMO.agent}):`,
    `  ${agent.mcpUrl}`,
    '',
    'Keys (shown once; only their hashes are stored):',
    `  MCP client  ${agent.mcpKey}`,
    ...(sales === undefined ? [] : [`  MCP client  ${sales.mcpKey}   (agent ${SALES.agent})`]),
    ...(office === undefined ? [] : [`  MCP client  ${office.mcpKey}   (agent ${OFFICE.agent})`]),
    `  approval    ${result.keys.approval}   (workspace ${DEMO.workspace}; for your approval UI, never for the model)`,
    `  admin       ${result.keys.admin}`,
    '',
    `Admin API: ${result.adminUrl}`,
    `Web console: ${result.adminUrl.replace(/\/admin\/v1$/, '/console/')}   (sign in with the admin key; the approval key decides approvals)`,
    '',
    'Try it: initialize (the answer carries MCP-Session-Id) ...',
    initializeCurl(agent.mcpUrl, agent.mcpKey),
    '',
    `... then call ${DEMO.tool} in that session:`,
    callCurl(agent.mcpUrl, agent.mcpKey),
    '',
    ...inspectorLines(inspectorCommand(agent.mcpUrl, agent.mcpKey)),
    '',
    ...(sales === undefined
      ? []
      : [
          ...approvalFlowLines(sales.mcpUrl, sales.mcpKey),
          `Or open the approval_url of step 1 in a browser (${sales.mcpUrl}/approvals/<approval_id>): the console`,
          'shows that request; sign in with the approval key, then Approve or Deny.',
          '',
        ]),
    ...(office === undefined ? [] : [...searchLines(office.mcpUrl), '']),
    'Ctrl-C stops the demo.',
  ].join('\n');
}
