import { createServer } from 'node:net';
import {
  DEFAULT_LISTEN,
  type GatewayLogger,
  type MigrationProgress,
  type RunningGateway,
  resolveGatewayOptions,
  startGateway,
} from '@mcpforge/gateway';
import { CliError } from '../cli/cli-error.js';
import type { ListenAddress } from '../cli/listen.js';
import { postgresFailure } from './database-failure.js';
import { allowedHostsFor, hostValidationFor } from './host-validation.js';
import type { OperatorOptions } from './operator-options.js';

/** What `serve` and `demo` start. */
export interface StartOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  listen?: ListenAddress | undefined;
  prefix?: string | undefined;
  /** `Host` names to accept besides localhost and the bind address (`--allowed-hosts`); `'*'`: any. */
  allowedHosts?: readonly string[] | '*' | undefined;
  /** The rate limit, approval durations and public origin (`serve`'s operator flags). */
  gateway?: OperatorOptions | undefined;
  logger: GatewayLogger;
  onMigration?: ((event: MigrationProgress) => void) | undefined;
  /**
   * SIGINT/SIGTERM during start-up: the start is given up and `startListening` rejects with
   * CliError `interrupted` instead of serving. Given up at once when `abandonable` (PostgreSQL
   * rolls back what was under way; a temporary PGlite directory is thrown away), else once the
   * database has finished opening, so a PGlite data directory is never left half-written.
   */
  signal?: AbortSignal | undefined;
  abandonable?: boolean | undefined;
  /** A line for a person while the start winds down after the signal. */
  progress?: ((line: string) => void) | undefined;
}

/** `--prefix` checked as the gateway checks it, so a typo is a usage error before anything opens. */
export function checkPrefix(prefix: string | undefined): void {
  try {
    resolveGatewayOptions({ prefix });
  } catch (error) {
    throw new CliError('invalid_value', `--prefix ${(error as Error).message.replace(/^prefix: /, '')}`);
  }
}

/** A listening gateway, with the `Host` names its MCP endpoints accept. */
export type Listening = RunningGateway & { readonly allowedHosts: readonly string[] | '*' };

/** A listen failure (busy port, no such address, a privileged port) said with its fix. */
function listenFailure(error: unknown, listen: ListenAddress): CliError | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  const where = `${listen.host}:${listen.port}`;
  if (code === 'EADDRINUSE') {
    return new CliError(
      'start_failed',
      `${where} is in use: pick another with --listen HOST:PORT (port 0 picks a free one)`,
      { cause: error },
    );
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return new CliError(
      'start_failed',
      `cannot listen on ${where}: no such local address (try --listen 127.0.0.1:8080)`,
      { cause: error },
    );
  }
  if (code === 'EACCES') {
    return new CliError('start_failed', `not allowed to listen on ${where}: use a port above 1023`, {
      cause: error,
    });
  }
  return undefined;
}

/**
 * Binds `listen` for a moment and lets it go, so a busy port is said at once rather than after
 * the database opened and migrated (tens of seconds for a new PGlite directory; issue 22, point 5).
 * @throws CliError `start_failed`.
 */
export async function checkListenable(listen: ListenAddress): Promise<void> {
  if (listen.port === 0) return;
  const probe = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen({ port: listen.port, host: listen.host, exclusive: true }, () => resolve());
    });
  } catch (error) {
    throw listenFailure(error, listen) ?? error;
  }
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

/** The error of a start given up on a signal; `kept` says what of it stays. */
export function interrupted(kept: string): CliError {
  return new CliError('interrupted', `stopped during start-up, before serving anything: ${kept}`);
}

/**
 * The gateway's `startGateway`, with its failures said as a person can act on them: the address
 * is checked before the database opens, and a signal during start-up gives the start up.
 * @throws CliError `start_failed`, `interrupted`.
 */
export async function startListening(options: StartOptions): Promise<Listening> {
  const listen = options.listen ?? DEFAULT_LISTEN;
  const allowedHosts = allowedHostsFor(listen.host, options.allowedHosts);
  await checkListenable(listen);
  const starting = startGateway({
    ...options.gateway,
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    listen: { host: listen.host, port: listen.port },
    prefix: options.prefix,
    logger: options.logger,
    onMigration: options.onMigration,
    hostValidation: hostValidationFor(allowedHosts, options.logger),
  });
  const { signal } = options;
  if (signal === undefined) return { ...(await started(starting, options)), allowedHosts };
  if (signal.aborted) await abortedStart(starting, options);
  let onAbort: (() => void) | undefined;
  const abort = new Promise<'aborted'>((resolve) => {
    onAbort = () => resolve('aborted');
    signal.addEventListener('abort', onAbort, { once: true });
  });
  const first = await Promise.race([
    starting.then(
      () => 'started' as const,
      () => 'started' as const,
    ),
    abort,
  ]);
  if (onAbort !== undefined) signal.removeEventListener('abort', onAbort);
  if (first === 'aborted') await abortedStart(starting, options);
  return { ...(await started(starting, options)), allowedHosts };
}

/** Stops a start a signal interrupted, as {@link StartOptions.signal} says. Always throws. */
async function abortedStart(starting: Promise<RunningGateway>, options: StartOptions): Promise<never> {
  if (options.abandonable === true) {
    // The process ends next; whatever the start still does is closed if it ever finishes.
    starting.then((running) => running.close()).catch(() => undefined);
    throw interrupted(
      options.databaseUrl === undefined
        ? 'the temporary database is removed'
        : 'PostgreSQL rolls back the migration under way; migrations already applied are kept',
    );
  }
  options.progress?.(
    'stopping once the database has finished opening (a PGlite data directory is never left half-written); Ctrl-C again stops now',
  );
  try {
    const running = await starting;
    await running.close();
  } catch {
    // It failed to start anyway: nothing listens, nothing to close.
  }
  throw interrupted(`the database in ${options.dataDir} is opened and migrated, and kept`);
}

async function started(starting: Promise<RunningGateway>, options: StartOptions): Promise<RunningGateway> {
  try {
    return await starting;
  } catch (error) {
    const failure = listenFailure(error, options.listen ?? DEFAULT_LISTEN);
    if (failure !== undefined) throw failure;
    const database = postgresFailure(error, options.databaseUrl);
    if (database !== undefined) throw new CliError('start_failed', database, { cause: error });
    const message = error instanceof Error ? error.message : String(error);
    throw new CliError('start_failed', `the gateway could not start: ${message}`, { cause: error });
  }
}

/** `http://host:port{prefix}`: where the gateway's paths start. */
export function baseUrl(running: RunningGateway, prefix: string | undefined): string {
  return `${running.url}${prefix ?? running.gateway.options.prefix}`;
}

/** Whether `host` is the wildcard address: every interface of the machine. */
function isEveryInterface(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}

/**
 * The warning for a gateway listening on every interface (`--listen 0.0.0.0:PORT`): its admin
 * API then answers the network too, which the printed `http://0.0.0.0:...` URLs do not say.
 */
export function everyInterfaceWarning(listen: ListenAddress | undefined): string | undefined {
  if (listen === undefined || !isEveryInterface(listen.host)) return undefined;
  return `warning: listening on every interface (${listen.host}): the admin API and the MCP endpoints answer anyone who can reach this machine on port ${listen.port}, not only this machine; keep the admin key secret and put a firewall or a TLS proxy in front, or use --listen 127.0.0.1:${listen.port} for this machine only. Clients name it by this machine's address or name (listed in --allowed-hosts), not 0.0.0.0`;
}
