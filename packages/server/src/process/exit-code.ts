/** How a `run()` process ends. */
export const ExitCode = {
  /** Served and stopped (stdin ended, SIGINT/SIGTERM), or `--help`/`--health` answered. */
  ok: 0,
  /** The server could not be built or its transport could not start (a busy port). */
  failure: 1,
  /** The command line was wrong (an unknown flag, a bad value): the usual status of a misused command. */
  usage: 2,
} as const;
