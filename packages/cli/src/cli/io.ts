import type { GatewayLogger } from '@mcpforge/gateway';
import type { ExitCodeValue } from './exit-code.js';

/** A stream a person may be watching: whether it is a terminal, its width, raw writes. */
export interface TerminalStream {
  /** True when a terminal shows it (a redrawn progress bar, colour); false for a pipe or file. */
  isTTY: boolean;
  /** Its width in characters, when a terminal. */
  columns?: number | undefined;
  write(text: string): void;
}

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
  /**
   * stderr as a stream, for a redrawn progress bar (`cli/progress.ts`); without it progress
   * goes to `progress()` as plain lines.
   */
  stderr?: TerminalStream | undefined;
  /** Whether stdout is a terminal (colour only then, `cli/colour.ts`); false when absent. */
  stdoutIsTTY?: boolean | undefined;
}

/**
 * What a command returns: `result` is data (`--json` prints it, `render` shows it); a serving
 * command also gives `stopped`, which settles once it has shut down after `io.signal` aborted.
 * `exitCode` (default 0) lets a command that printed its result still fail, as `check` does
 * when it found errors.
 */
export interface CommandOutput<T> {
  result: T;
  stopped?: Promise<void> | undefined;
  exitCode?: ExitCodeValue | undefined;
  /**
   * Whether `--json` was given, as the command read its line; without it the CLI looks for
   * `--json` before any `--`. `check` says it, since a `--json` in the server's command is the server's.
   */
  json?: boolean | undefined;
}
