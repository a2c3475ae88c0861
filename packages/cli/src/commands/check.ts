import { CHECK_FLAGS, readCheckOptions } from '../check/check-options.js';
import { httpTransport } from '../check/http-transport.js';
import { renderReport } from '../check/render-report.js';
import type { CheckReport } from '../check/report.js';
import { runChecks } from '../check/run-checks.js';
import { stdioTransport } from '../check/stdio-transport.js';
import { ExitCode, type ExitCodeValue } from '../cli/exit-code.js';
import { flagHelp } from '../cli/flags.js';
import type { CliIo, CommandOutput } from '../cli/io.js';

/**
 * `mcpforge check`: connects to any MCP server (a stdio command or Streamable HTTP) and reports
 * what a host will run into.
 * @module
 */

export const CHECK_USAGE = `Usage: mcpforge check [flags] [--] <command> [args...]
       mcpforge check [flags] --url <mcp-url> [--header 'Name: value']...

Connects to an MCP server and reports what a host will run into: the handshake in both eras
(initialize at 2025-11-25 and 2025-06-18; server/discover at 2026-07-28), tools/list (every
page), tool names, input and output schemas (JSON Schema 2020-12, type object, properties,
additionalProperties), the probe of tools that declare forge.supports_permission_patterns
(the handler must not run), an unknown tool and arguments that break the schema (answered
as errors), and the catalog's size (bytes, ~tokens = bytes/3, the largest tool) with
description warnings.

A stdio server is started from <command> and always stopped at the end: the first word
that is not a flag, and every word after it, are the server's command line (as is all after
--), its flags included. The checks
call tools only with arguments that break their schema, or as probes: a server that
validates runs no handler.

Exit code: 1 when an error was found (warnings alone: 0), 2 for a wrong command line.

Flags:
${flagHelp(CHECK_FLAGS)}

Examples:
  mcpforge check -- node dist/main.js
  mcpforge check --url http://127.0.0.1:3000/mcp --header 'Authorization: Bearer TOKEN'`;

/** `check`'s output: the report, and exit code 1 when it holds an error. */
export interface CheckOutput extends CommandOutput<CheckReport | { help: string }> {
  exitCode: ExitCodeValue;
}

/** Runs `check` with `args` (after `check`). @throws CliError on a wrong command line. */
export async function run(args: readonly string[], io: CliIo): Promise<CheckOutput> {
  const options = readCheckOptions(args);
  if (options.help) return { result: { help: CHECK_USAGE }, exitCode: ExitCode.ok };
  const report =
    options.transport === 'stdio'
      ? await runChecks({
          label: options.command.join(' '),
          transport: 'stdio',
          open: () => stdioTransport(options.command, io.env as NodeJS.ProcessEnv),
          timeoutMs: options.timeoutMs,
          progress: (line) => io.progress(`check: ${line}`),
          signal: io.signal,
          era: options.era,
        })
      : await runChecks({
          label: options.url,
          transport: 'http',
          open: () => httpTransport(options.url, options.headers),
          timeoutMs: options.timeoutMs,
          progress: (line) => io.progress(`check: ${line}`),
          signal: io.signal,
          era: options.era,
        });
  return { result: report, exitCode: report.counts.error > 0 ? ExitCode.failure : ExitCode.ok };
}

/** The human view of `check`'s report. */
export function render(result: CheckReport | { help: string }): string {
  return 'help' in result ? result.help : renderReport(result);
}
