import { CliError } from './cli-error.js';
import { stderrPalette, stdoutPalette } from './colour.js';
import { COMMANDS, GROUPS } from './commands.js';
import { resolveCommand } from './dispatch.js';
import { ExitCode, type ExitCodeValue } from './exit-code.js';
import type { CliIo } from './io.js';

/** The CLI's version (`mcpforge --version`). */
export const CLI_VERSION = '0.1.0';

/** Where results and messages go: stdout for results, stderr for everything else. */
export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

/**
 * The whole CLI on `argv` (after `node mcpforge`): parses, dispatches, renders and, for a
 * serving command, waits until it stopped. Returns the exit code; `main.ts` exits with it.
 */
export async function cli(argv: readonly string[], io: CliIo, out: CliOutput): Promise<ExitCodeValue> {
  const end = argv.indexOf('--');
  const json = (end === -1 ? argv : argv.slice(0, end)).includes('--json');
  try {
    const resolved =
      argv[0] === '--version'
        ? { help: CLI_VERSION }
        : resolveCommand(argv, { commands: COMMANDS, groups: GROUPS });
    if ('help' in resolved) {
      out.stdout(`${resolved.help}\n`);
      return ExitCode.ok;
    }
    const { result, stopped, exitCode, json: given } = await resolved.command.run(resolved.args, io);
    const asJson = given ?? json;
    out.stdout(
      `${asJson ? JSON.stringify(result) : resolved.command.render(result as never, stdoutPalette(io))}\n`,
    );
    if (stopped !== undefined) await stopped;
    return exitCode ?? ExitCode.ok;
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    // With --json the error is the result a script reads (stdout); a person reads stderr.
    if (json) out.stdout(`${JSON.stringify(error.toJSON())}\n`);
    else out.stderr(`${stderrPalette(io).red('mcpforge:')} ${error.message}\n`);
    return error.exitCode;
  }
}
