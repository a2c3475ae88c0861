/** How a `mcpforge` process ends (the toolkit's `run()` uses the same numbers). */
export const ExitCode = {
  /** Done, or served and stopped by SIGINT/SIGTERM, or `--help`/`--health` answered. */
  ok: 0,
  /** The command could not do its work: a busy port, an unreachable or too new database. */
  failure: 1,
  /** The command line was wrong: an unknown command or flag, a bad value. */
  usage: 2,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];
