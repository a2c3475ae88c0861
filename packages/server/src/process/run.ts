import type { McpServer } from '../server/mcp-server.js';
import { type StdioOptions, serveStdio } from '../stdio/serve-stdio.js';
import { DEFAULT_GRACE_MS } from '../stdio/stdio-options.js';
import { health } from './health.js';
import { createLogger, type Logger } from './logger.js';

/** A transport `run` serves the server with: stdio by default, HTTP later (`--http`). */
export interface RunTransport {
  /** Settles when the transport stopped on its own (stdin ended, listener closed). */
  readonly closed: Promise<void>;
  /** Stop accepting work, give in-flight requests up to `graceMs`, then close. */
  shutdown(graceMs: number): Promise<void>;
}

/** Starts a transport for a built server. */
export type RunTransportFactory = (
  server: McpServer,
  context: { logger: Logger; graceMs: number },
) => RunTransport;

/** What {@link RunOptions.onShutdown} is told. */
export interface ShutdownContext {
  /** Why: `SIGINT`, `SIGTERM` or `input closed`. */
  reason: string;
  /** Aborts when the hook's grace period is over; the process exits then. */
  signal: AbortSignal;
}

/** Options of {@link run}. */
export interface RunOptions {
  /** Arguments to read flags from. Default `process.argv`. */
  argv?: readonly string[] | undefined;
  /** Name in the log lines before the server exists. Default `mcpforge-server`. */
  name?: string | undefined;
  /** Grace period for in-flight calls on SIGINT/SIGTERM or stdin end. Default 5000 ms. */
  graceMs?: number | undefined;
  /** Stderr JSON logger; default `createLogger({ name })`. */
  logger?: Logger | undefined;
  /** How to serve; default stdio on `process.stdin`/`process.stdout`. */
  transport?: RunTransportFactory | undefined;
  /** Stdio settings when the default transport is used. */
  stdio?: StdioOptions | undefined;
  /** Listen for SIGINT and SIGTERM. Default true. */
  handleSignals?: boolean | undefined;
  /**
   * Runs once on shutdown, after the transport stopped and in-flight calls settled or were
   * aborted, before the process exits: close databases, flush buffers. It is awaited for at
   * most `graceMs` (then `signal` aborts and the process exits anyway); a throw or rejection is
   * logged. Not called when `build` failed.
   */
  onShutdown?: ((context: ShutdownContext) => void | Promise<void>) | undefined;
  /** How the process ends. Default `process.exit`. */
  exit?: ((code: number) => void) | undefined;
}

/** The default transport: stdio through `@mcpforge/wire`. */
export function stdioTransport(stdio: StdioOptions = {}): RunTransportFactory {
  return (server, { logger, graceMs }) => {
    const served = serveStdio(server, {
      ...stdio,
      closeGraceMs: stdio.closeGraceMs ?? graceMs,
      onError:
        stdio.onError ??
        ((error) => logger.warn({ err: { name: error.name, message: error.message } }, 'bad input')),
    });
    return { closed: served.closed, shutdown: (ms) => served.shutdown(ms) };
  };
}

/**
 * The `main` of a forge server: answers `--health` before building anything, builds the server
 * once, serves it (stdio by default), and shuts down gracefully on SIGINT/SIGTERM or when stdin
 * ends: in-flight calls get `graceMs`, then the process exits. Only protocol goes to stdout;
 * logs go to stderr.
 */
export async function run(
  build: () => McpServer | Promise<McpServer>,
  options: RunOptions = {},
): Promise<void> {
  const argv = options.argv ?? process.argv;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  health(argv, process.stdout, exit);
  if (argv.includes('--health') || argv.includes('-health')) return; // a custom `exit` returned
  const logger = options.logger ?? createLogger({ name: options.name ?? 'mcpforge-server' });
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  let server: McpServer;
  try {
    server = await build();
  } catch (error) {
    logger.fatal({ err: error }, 'the server could not be built');
    exit(1);
    return;
  }
  // `--http [host:]port`: the HTTP transport is loaded only then, keeping the root entry light.
  const http =
    options.transport === undefined && argv.some((arg) => arg === '--http' || arg.startsWith('--http='));
  const factory = http
    ? await import('../http/run-http.js').then(({ httpTransport, parseHttpFlag }) =>
        httpTransport(parseHttpFlag(argv) as { host: string; port: number }),
      )
    : (options.transport ?? stdioTransport(options.stdio));
  // A handler's stray promise must not take the whole server down.
  const onUnhandledRejection = (reason: unknown) => logger.error({ err: reason }, 'unhandled rejection');
  process.on('unhandledRejection', onUnhandledRejection);
  const transport = factory(server, { logger, graceMs });
  logger.info({ server: server.name, version: server.version }, 'serving');

  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (reason: string, code: number) => {
      if (stopping) return;
      stopping = true;
      logger.info({ reason }, 'shutting down');
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', onSigterm);
      process.off('unhandledRejection', onUnhandledRejection);
      transport
        .shutdown(graceMs)
        .catch((error: unknown) => logger.error({ err: error }, 'shutdown failed'))
        .then(() => runShutdownHook(options.onShutdown, reason, graceMs, logger))
        .finally(() => {
          resolve();
          exit(code);
        });
    };
    const onSigint = () => stop('SIGINT', 0);
    const onSigterm = () => stop('SIGTERM', 0);
    if (options.handleSignals ?? true) {
      process.on('SIGINT', onSigint);
      process.on('SIGTERM', onSigterm);
    }
    void transport.closed.then(() => stop('input closed', 0));
  });
}

/** Awaits `hook` for at most `graceMs`; never throws, so the exit always follows. */
async function runShutdownHook(
  hook: RunOptions['onShutdown'],
  reason: string,
  graceMs: number,
  logger: Logger,
): Promise<void> {
  if (hook === undefined) return;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error(`onShutdown took longer than ${graceMs} ms`));
      logger.error({ graceMs }, 'onShutdown did not finish within the grace period; exiting anyway');
      resolve();
    }, graceMs);
  });
  try {
    await Promise.race([(async () => hook({ reason, signal: controller.signal }))(), expired]);
  } catch (error) {
    logger.error({ err: error }, 'onShutdown failed');
  } finally {
    clearTimeout(timer);
  }
}
