import { bootstrapAdminKey, type Database, GatewayError } from '@mcpforge/gateway';
import { ALLOWED_HOSTS_ENV, ALLOWED_HOSTS_FLAG, readAllowedHostsFlag } from '../cli/allowed-hosts.js';
import { CliError } from '../cli/cli-error.js';
import {
  DATABASE_FLAGS,
  DATABASE_URL_VARIABLE,
  DEFAULT_PGLITE_DIR,
  databaseLocation,
} from '../cli/database-location.js';
import { type FlagSpec, flagHelp, parseFlags } from '../cli/flags.js';
import type { CliIo, CommandOutput } from '../cli/io.js';
import { parseListen } from '../cli/listen.js';
import {
  OPERATOR_FLAGS,
  type OperatorSettings,
  operatorSettings,
  readOperatorOptions,
  warnShortLease,
} from '../serve/operator-options.js';
import { baseUrl, checkPrefix, everyInterfaceWarning, interrupted, startListening } from '../serve/start.js';
import { closeWhenAborted } from '../serve/until-aborted.js';

/**
 * `mcpforge gateway serve`: the gateway on PostgreSQL (`--database-url`, `DATABASE_URL`) or the
 * embedded PGlite in a data directory, until SIGINT/SIGTERM.
 * @module
 */

/** Where PGlite keeps the gateway's data when neither a URL nor `--data-dir` is given (relative to the working directory). */
export const DEFAULT_DATA_DIR = DEFAULT_PGLITE_DIR;

/** The environment variable read when `--database-url` is not given. */
export const DATABASE_URL_ENV = DATABASE_URL_VARIABLE;

export const SERVE_FLAGS: readonly FlagSpec[] = [
  ...DATABASE_FLAGS,
  {
    name: 'listen',
    value: 'HOST:PORT',
    description: 'address to listen on (default 127.0.0.1:8080; port 0 picks a free one)',
    example: '0.0.0.0:8080',
  },
  ALLOWED_HOSTS_FLAG,
  {
    name: 'prefix',
    value: 'PATH',
    description: 'path prefix of every endpoint (default /mcp)',
    example: '/mcp',
  },
  ...OPERATOR_FLAGS,
  { name: 'health', description: "print 'ok' and exit 0 before anything starts (a liveness probe)" },
  { name: 'json', description: 'print the result as one JSON line' },
];

export const SERVE_USAGE = `Usage: mcpforge gateway serve [flags]

Serves REST operations as MCP tools, one endpoint per agent at {prefix}/v1/{workspace}/{agent},
and the admin API at {prefix}/admin/v1. Logs are JSON lines on stderr; SIGINT or SIGTERM
stops it gracefully (open sessions end, pending history is written).

MCP clients must name it by a Host it accepts (DNS-rebinding protection): localhost, the
--listen address when it is not loopback, and --allowed-hosts. On 0.0.0.0, list the names
clients use (--allowed-hosts gateway.internal,10.1.2.3); a refused Host is logged with the fix.

Each key gets a token bucket (--rate-limit; 429 with Retry-After past it). Behind a proxy,
--public-origin https://host makes approval links absolute, so MCP hosts can show them (URL
elicitation). Every flag with a variable: the flag wins.

Flags:
${flagHelp(SERVE_FLAGS)}`;

/** What `serve` reports once it listens; the rate limit, approval durations, public origin and refresh interval as in effect. */
export interface ServeResult extends OperatorSettings {
  /** `http://host:port`. */
  url: string;
  /** The MCP endpoint of an agent, as a template. */
  mcpUrlTemplate: string;
  adminUrl: string;
  /** `postgres` (a URL was given) or `pglite` (with `dataDir`). The URL is never shown: it may hold a password. */
  database: 'postgres' | 'pglite';
  dataDir?: string | undefined;
  /** The `Host` names the MCP endpoints accept (`'*'`: any). */
  allowedHosts: readonly string[] | '*';
  /** Migrations applied at this start. */
  migrated: string[];
  /** The first admin key, made now because the database had none; shown this once. */
  adminKey?: string | undefined;
}

/** `--health`'s answer. */
export interface HealthResult {
  status: 'ok';
}

/** The first admin key of a new database, or undefined when it has one already. */
async function firstAdminKey(db: Database): Promise<string | undefined> {
  try {
    return (await bootstrapAdminKey(db)).value;
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'bootstrap_refused') return undefined;
    throw error;
  }
}

/** Runs `serve` with `args` (after `gateway serve`). @throws CliError. */
export async function run(
  args: readonly string[],
  io: CliIo,
): Promise<CommandOutput<ServeResult | HealthResult>> {
  const flags = parseFlags(args, SERVE_FLAGS, 'mcpforge gateway serve');
  // A liveness probe answers before anything is checked or opened.
  if (flags['health'] === true) return { result: { status: 'ok' } };
  const location = databaseLocation(flags, io.env);
  const databaseUrl = location.kind === 'postgres' ? location.url : undefined;
  const listen = typeof flags['listen'] === 'string' ? parseListen(flags['listen']) : undefined;
  const prefix = typeof flags['prefix'] === 'string' ? flags['prefix'] : undefined;
  checkPrefix(prefix);
  const allowedHosts = readAllowedHostsFlag(flags['allowed-hosts'], io.env[ALLOWED_HOSTS_ENV]);
  const gateway = readOperatorOptions(flags, io.env);
  const pgliteDir = location.kind === 'pglite' ? location.dataDir : undefined;
  const migrated: string[] = [];
  const exposed = everyInterfaceWarning(listen);
  if (exposed !== undefined) io.progress(exposed);
  const running = await startListening({
    signal: io.signal,
    // PostgreSQL rolls back a migration under way; a PGlite directory is let finish opening.
    abandonable: databaseUrl !== undefined,
    progress: io.progress,
    databaseUrl,
    dataDir: pgliteDir,
    listen,
    prefix,
    allowedHosts,
    gateway,
    logger: io.logger,
    onMigration: (event) => {
      if (event.type !== 'done') return;
      migrated.push(event.id);
      io.logger.info({ migration: event.id, durationMs: event.durationMs }, 'migration applied');
    },
  });
  const kept =
    pgliteDir === undefined
      ? 'the database is migrated'
      : `the database in ${pgliteDir} is opened, migrated and kept`;
  // A signal while it started: no banner, no key made for nobody to see.
  if (io.signal.aborted) {
    await running.close();
    throw interrupted(kept);
  }
  let adminKey: string | undefined;
  try {
    adminKey = await firstAdminKey(running.db);
  } catch (error) {
    await running.close();
    throw new CliError('start_failed', `could not check for an admin key: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (io.signal.aborted) {
    await running.close();
    // Made just before the signal: shown now, or nobody could ever use the admin API.
    throw interrupted(
      adminKey === undefined
        ? kept
        : `${kept}, with its first admin key, shown this once (only its hash is stored): ${adminKey}`,
    );
  }
  const base = baseUrl(running, prefix);
  warnShortLease(gateway, io.logger);
  io.logger.info({ url: running.url, prefix: running.gateway.options.prefix }, 'gateway listening');
  const stopped = closeWhenAborted(io.signal, async () => {
    io.logger.info({}, 'gateway stopping');
    await running.close();
    io.logger.info({}, 'gateway stopped');
  });
  return {
    result: {
      url: running.url,
      mcpUrlTemplate: `${base}/v1/{workspace}/{agent}`,
      adminUrl: `${base}/admin/v1`,
      allowedHosts: running.allowedHosts,
      database: databaseUrl === undefined ? 'pglite' : 'postgres',
      ...(pgliteDir === undefined ? {} : { dataDir: pgliteDir }),
      ...operatorSettings(running.gateway.options),
      migrated,
      ...(adminKey === undefined ? {} : { adminKey }),
    },
    stopped,
  };
}

/** The human view of `serve`'s result. */
export function render(result: ServeResult | HealthResult): string {
  if ('status' in result) return 'ok';
  const lines = [
    `mcpforge gateway listening on ${result.url}`,
    `  MCP endpoints  ${result.mcpUrlTemplate}`,
    `  admin API      ${result.adminUrl}`,
    `  allowed hosts  ${result.allowedHosts === '*' ? '* (any Host)' : result.allowedHosts.join(', ')}`,
    `  database       ${result.database === 'pglite' ? `PGlite in ${result.dataDir}` : 'PostgreSQL'}`,
    `  rate limit     ${result.rateLimit === 'off' ? 'off' : `${result.rateLimit.perSecond}/s per key, burst ${result.rateLimit.burst}`}`,
    `  approvals      pending expire after ${result.approvals.pendingTtlMs} ms, lease ${result.approvals.leaseMs} ms, wait ${result.approvals.waitMs} ms`,
    ...(result.publicOrigin === undefined ? [] : [`  public origin  ${result.publicOrigin}`]),
    `  catalogs       re-read every ${result.catalogRefreshMs} ms and at once on a publish`,
    ...(result.searchReranker ? ['  search         hits re-ranked by the embeddings endpoint'] : []),
  ];
  if (result.adminKey !== undefined) {
    lines.push(
      '',
      'A first admin key for this new database (shown once, only its hash is stored):',
      `  ${result.adminKey}`,
    );
  }
  lines.push('', 'Ctrl-C stops it.');
  return lines.join('\n');
}
