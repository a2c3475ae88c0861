#!/usr/bin/env node
/**
 * The `mcpforge` bin: real stdout/stderr, pino on stderr, SIGINT/SIGTERM as an abort signal;
 * everything else is `cli()`.
 * @module
 */
import { createLogger } from '@mcpforge/server';
import { cli } from './cli/cli.js';
import { ExitCode } from './cli/exit-code.js';

const controller = new AbortController();
let signals = 0;
const onSignal = (signal: NodeJS.Signals) => {
  signals++;
  // A second Ctrl-C while shutting down means "now".
  if (signals > 1) process.exit(ExitCode.failure);
  process.stderr.write(`mcpforge: ${signal}, stopping\n`);
  controller.abort();
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

const logger = createLogger({ name: 'mcpforge-gateway' });
try {
  const code = await cli(
    process.argv.slice(2),
    {
      env: process.env,
      progress: (line) => process.stderr.write(`${line}\n`),
      logger,
      signal: controller.signal,
      stderr: {
        isTTY: process.stderr.isTTY === true,
        columns: process.stderr.columns,
        write: (text) => process.stderr.write(text),
      },
      stdoutIsTTY: process.stdout.isTTY === true,
    },
    { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) },
  );
  process.exitCode = code;
} catch (error) {
  // A defect, not a user error: say so with the stack, for a bug report.
  process.stderr.write(
    `mcpforge: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = ExitCode.failure;
}
// What is still queued for a pipe (an export of 64 KB and more to `| jq`) is written first:
// process.exit does not wait for it, and would cut the output short.
await Promise.all(
  [process.stdout, process.stderr].map(
    (stream) => new Promise<void>((resolve) => stream.write('', () => resolve())),
  ),
);
// Handles nothing awaits any more (a pool's idle timer) must not keep a stopped CLI alive.
process.exit(process.exitCode);
