import type { McpServer } from '../server/mcp-server.js';
import { type StdioOptions, serveStdio } from '../stdio/serve-stdio.js';
import { DEFAULT_GRACE_MS } from '../stdio/stdio-options.js';
import { type CommandLine, programOf, readCommandLine } from './command-line.js';
import { ExitCode } from './exit-code.js';
import { FlagError } from './flag-error.js';
import { type HealthOutput, health } from './health.js';
import type { ListenAddress } from './listen-address.js';
import { createLogger, type Logger } from './logger.js';
import type { RunFlag, RunFlags } from './run-flags.js';
import { runUsage } from './run-usage.js';
import { runShutdownHook, type ShutdownHook } from './shutdown-hook.js';

export type { ShutdownContext } from './shutdown-hook.js';

/** A transport `run` serves the server with: stdio by default, HTTP with `--http`. */
export interface RunTransport {
  /**
   * Settles when the transport stopped on its own (stdin ended, listener closed). Rejects when
   * it could not start or broke (a port in use: a `ListenError`): `run()` logs the error's
   * message and exits with status 1.
   */
  readonly closed: Promise<void>;
  /** Stop accepting work, give in-flight requests up to `graceMs`, then close. */
  shutdown(graceMs: number): Promise<void>;
}

/** Starts a transport for a built server. */
export type RunTransportFactory = (
  server: McpServer,
  context: { logger: Logger; graceMs: number },
) => RunTransport;

/** What `build` is given: the command line `run()` parsed (`--config`, the server's own flags). */
export interface RunContext {
  flags: RunFlags;
}

/** Where `run()` prints `--help`, `--health` and command-line errors. Default the process's own. */
export interface RunIo {
  stdout?: HealthOutput | undefined;
  stderr?: HealthOutput | undefined;
}

/** Options of {@link run}. */
export interface RunOptions {
  /** Arguments to read flags from (the first two, node and the script, are skipped). Default `process.argv`. */
  argv?: readonly string[] | undefined;
  /** Name in the log lines before the server exists, and in command-line messages. Default `mcpforge-server`. */
  name?: string | undefined;
  /** Grace period for in-flight calls on SIGINT/SIGTERM or stdin end. Default 5000 ms (`DEFAULT_GRACE_MS`). */
  graceMs?: number | undefined;
  /** Stderr JSON logger; default `createLogger({ name })`. */
  logger?: Logger | undefined;
  /** How to serve; default stdio on `process.stdin`/`process.stdout` (or HTTP with `--http`). */
  transport?: RunTransportFactory | undefined;
  /** Stdio settings when the default transport is used. */
  stdio?: StdioOptions | undefined;
  /**
   * The server's own flags, besides `run()`'s (`--http`, `--allowed-hosts`, `--config`,
   * `--health`, `--help`): accepted, listed by `--help`, and their values given to `build`.
   * Any other flag is refused (exit status 2).
   */
  flags?: readonly RunFlag[] | undefined;
  /** Variables to read `MCPFORGE_ALLOWED_HOSTS` from. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>> | undefined;
  /** Where `--help`, `--health` and command-line errors are printed. */
  io?: RunIo | undefined;
  /** Listen for SIGINT and SIGTERM. Default true. */
  handleSignals?: boolean | undefined;
  /**
   * Runs once on shutdown, after the transport stopped and in-flight calls settled or were
   * aborted, before the process exits: close databases, flush buffers. It is awaited for at
   * most `graceMs` (then `signal` aborts and the process exits anyway); a throw or rejection is
   * logged. Not called when `build` failed.
   */
  onShutdown?: ShutdownHook | undefined;
  /** How the process ends. Default `process.exit`. */
  exit?: ((code: number) => void) | undefined;
}

const DEFAULT_NAME = 'mcpforge-server';

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
 * The `main` of an mcpforge server, as steps: read the command line (a bad or unknown flag is
 * an error naming the fix, exit 2; `--help` prints the flags; `--health` answers `ok`), both
 * before anything is built; build the server once (a failure exits 1); start the transport
 * (stdio, or HTTP with `--http`; one that cannot start, such as a busy port, exits 1); serve
 * until SIGINT/SIGTERM or the end of stdin, then give in-flight calls `graceMs`, run
 * `onShutdown` and exit 0. Only protocol goes to stdout; logs go to stderr.
 */
export async function run(
  build: (context: RunContext) => McpServer | Promise<McpServer>,
  options: RunOptions = {},
): Promise<void> {
  const argv = options.argv ?? process.argv;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const stdout = options.io?.stdout ?? process.stdout;
  const stderr = options.io?.stderr ?? process.stderr;
  const name = options.name ?? DEFAULT_NAME;
  let commandLine: CommandLine;
  try {
    commandLine = readCommandLine(argv, options.env ?? process.env, {
      extraFlags: options.flags ?? [],
      customTransport: options.transport !== undefined,
    });
  } catch (error) {
    if (!(error instanceof FlagError)) throw error;
    stderr.write(`${name}: ${error.message}\n`);
    exit(ExitCode.usage);
    return;
  }
  const { flags } = commandLine;
  if (flags.help) {
    stdout.write(runUsage(programOf(argv, name), options.flags));
    exit(ExitCode.ok);
    return;
  }
  if (flags.health) {
    health(argv, stdout, exit);
    return; // a custom `exit` returned
  }
  const logger = options.logger ?? createLogger({ name });
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  let factory: RunTransportFactory;
  try {
    factory = await transportFactory(commandLine, options);
  } catch (error) {
    // httpTransport refuses an --allowed-hosts entry that is not a host
    stderr.write(`${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    exit(ExitCode.usage);
    return;
  }
  let server: McpServer;
  try {
    server = await build({ flags });
  } catch (error) {
    logger.fatal({ err: error }, 'the server could not be built');
    exit(ExitCode.failure);
    return;
  }
  if (flags.http === undefined && options.transport === undefined) {
    hintAtTerminal(options.stdio, stderr, name, programOf(argv, name));
  }
  await serve(server, factory, { ...options, logger, graceMs, exit });
}

/** The transport the command line asks for; HTTP is loaded only then, keeping the root entry light. */
async function transportFactory(commandLine: CommandLine, options: RunOptions): Promise<RunTransportFactory> {
  const listen: ListenAddress | undefined = commandLine.flags.http;
  if (listen === undefined) return options.transport ?? stdioTransport(options.stdio);
  const { httpTransport } = await import('../http/run-http.js');
  const { allowedHosts } = commandLine;
  return httpTransport({ ...listen, ...(allowedHosts === undefined ? {} : { allowedHosts }) });
}

/**
 * Someone started the server by hand at a terminal: stdin is theirs, and the server would wait
 * silently for JSON-RPC. One line on stderr says what it is and how to use it.
 */
function hintAtTerminal(
  stdio: StdioOptions | undefined,
  stderr: HealthOutput,
  name: string,
  program: string,
): void {
  const input = stdio?.input ?? process.stdin;
  if ((input as { isTTY?: boolean }).isTTY !== true) return;
  stderr.write(
    `${name}: this is an MCP server speaking JSON-RPC on stdin/stdout; start it from an MCP client (try: npx @modelcontextprotocol/inspector ${program}), or serve HTTP with --http 3000. --help lists the flags.\n`,
  );
}

interface ServeSettings extends RunOptions {
  logger: Logger;
  graceMs: number;
  exit: (code: number) => void;
}

/** Serves until a signal, the transport's own end, or its failure; then shuts down and exits. */
async function serve(
  server: McpServer,
  factory: RunTransportFactory,
  settings: ServeSettings,
): Promise<void> {
  const { logger, graceMs, exit } = settings;
  // A handler's stray promise must not take the whole server down.
  const onUnhandledRejection = (reason: unknown) => logger.error({ err: reason }, 'unhandled rejection');
  process.on('unhandledRejection', onUnhandledRejection);
  let transport: RunTransport;
  try {
    transport = factory(server, { logger, graceMs });
  } catch (error) {
    process.off('unhandledRejection', onUnhandledRejection);
    logger.fatal({ err: error }, 'the transport could not start');
    exit(ExitCode.failure);
    return;
  }
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
        .then(() => runShutdownHook(settings.onShutdown, reason, graceMs, logger))
        .finally(() => {
          resolve();
          exit(code);
        });
    };
    const onSigint = () => stop('SIGINT', ExitCode.ok);
    const onSigterm = () => stop('SIGTERM', ExitCode.ok);
    if (settings.handleSignals ?? true) {
      process.on('SIGINT', onSigint);
      process.on('SIGTERM', onSigterm);
    }
    transport.closed.then(
      () => stop('input closed', ExitCode.ok),
      (error: unknown) => {
        // The message is the fix ("port 127.0.0.1:3000 is already in use: ..."); the code is for scripts.
        const message = error instanceof Error ? error.message : String(error);
        logger.fatal({ code: (error as { code?: unknown } | null)?.code }, message);
        stop('transport failed', ExitCode.failure);
      },
    );
  });
}
