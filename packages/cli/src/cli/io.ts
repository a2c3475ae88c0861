import type { GatewayLogger } from '@mcpforge/gateway';

/** What a command may use besides its arguments; tests pass a fake one. */
export interface CliIo {
  /** Environment variables (`DATABASE_URL`). */
  env: Readonly<Record<string, string | undefined>>;
  /** A line of progress for a person (stderr in the real CLI). */
  progress(line: string): void;
  /** Structured logs (pino on stderr in the real CLI). */
  logger: GatewayLogger;
  /** Aborted by SIGINT/SIGTERM: a serving command then stops gracefully. */
  signal: AbortSignal;
}

/**
 * What a command returns: `result` is data (`--json` prints it, `render` shows it); a serving
 * command also gives `stopped`, which settles once it has shut down after `io.signal` aborted.
 */
export interface CommandOutput<T> {
  result: T;
  stopped?: Promise<void> | undefined;
}
