import * as demo from '../commands/gateway-demo.js';
import * as serve from '../commands/gateway-serve.js';
import type { CliIo, CommandOutput } from './io.js';

/** One command of the `mcpforge` table. */
export interface Command {
  /** The words that name it: `['gateway', 'serve']`. */
  path: readonly string[];
  /** One line for the group's help. */
  summary: string;
  /**
   * Its arguments as help shows them (`<key-id>`, `<command...>`); without it, a word after a
   * command that is also a group (`gateway workspaces creat`) is an unknown sub-command.
   */
  arguments?: string | undefined;
  /** Its `--help`. */
  usage: string;
  run(args: readonly string[], io: CliIo): Promise<CommandOutput<unknown>>;
  /** The human view of its result. */
  render(result: never): string;
}

/** Every command, in help order. */
export const COMMANDS: readonly Command[] = [
  {
    path: ['gateway', 'serve'],
    summary: 'serve the gateway on PostgreSQL or the embedded PGlite',
    usage: serve.SERVE_USAGE,
    run: serve.run,
    render: serve.render,
  },
  {
    path: ['gateway', 'demo'],
    summary: 'try the gateway: a seeded demo with bundled rates and orders services, no setup',
    usage: demo.DEMO_USAGE,
    run: demo.run,
    render: demo.render,
  },
];

/** Groups (their words joined by a space) and their one-line summaries, for help. */
export const GROUPS: Readonly<Record<string, string>> = {
  gateway: 'REST operations as MCP tools, one endpoint per agent',
};
