/**
 * @mcpforge/cli: the `mcpforge` command as functions, for tests and for embedding. Every
 * export is named here, so a change of the public API shows in the diff.
 * @module
 */
export { CLI_VERSION, type CliOutput, cli } from './cli/cli.js';
export { CliError, type CliErrorCode } from './cli/cli-error.js';
export { COMMANDS, type Command } from './cli/commands.js';
export { ExitCode, type ExitCodeValue } from './cli/exit-code.js';
export {
  type CommandLine,
  type CommandLineSpec,
  type FlagSpec,
  type FlagValues,
  type PositionalSpec,
  parseCommandLine,
  parseFlags,
} from './cli/flags.js';
export type { CliIo, CommandOutput } from './cli/io.js';
export { type ListenAddress, parseListen } from './cli/listen.js';
export { type Progress, type ProgressOptions, startProgress } from './cli/progress.js';
export { type CheckOutput, render as renderCheck, run as runCheck } from './commands/check.js';
export {
  DEMO_FLAGS,
  type DemoResult,
  render as renderDemo,
  run as runDemo,
} from './commands/gateway-demo.js';
export {
  type ImportOpenApiResult,
  render as renderImportOpenApi,
  run as runImportOpenApi,
} from './commands/gateway-import-openapi.js';
export {
  DATABASE_URL_ENV,
  DEFAULT_DATA_DIR,
  type HealthResult,
  render as renderServe,
  run as runServe,
  SERVE_FLAGS,
  type ServeResult,
} from './commands/gateway-serve.js';
export { type NewResult, render as renderNew, run as runNew } from './commands/new.js';
export { type DemoUpstream, startDemoUpstream } from './demo/demo-upstream.js';
export { type Order, OrderBook, type OrderInput } from './demo/orders.js';
export { DEMO_RATES_PER_EUR, latestRates, type RatesAnswer } from './demo/rates.js';
export {
  DEMO,
  DEMO_ARGUMENTS,
  type DemoKeys,
  type DemoUpstreams,
  SALES,
  SALES_ARGUMENTS,
  seedDemo,
} from './demo/seed-demo.js';
