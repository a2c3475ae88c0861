import * as check from '../commands/check.js';
import * as agents from '../commands/gateway-agents.js';
import * as demo from '../commands/gateway-demo.js';
import * as importOpenapi from '../commands/gateway-import-openapi.js';
import * as keys from '../commands/gateway-keys.js';
import * as migrate from '../commands/gateway-migrate.js';
import * as operations from '../commands/gateway-operations.js';
import * as serve from '../commands/gateway-serve.js';
import * as workspaces from '../commands/gateway-workspaces.js';
import * as create from '../commands/new.js';
import type { Palette } from './colour.js';
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
  /**
   * It reads `--help` itself, so the CLI does not answer it first: `check`, where a `--help`
   * after the server's command belongs to the server.
   */
  handlesHelp?: boolean | undefined;
  run(args: readonly string[], io: CliIo): Promise<CommandOutput<unknown>>;
  /** The human view of its result; `palette` colours only on a terminal without NO_COLOR. */
  render(result: never, palette: Palette): string;
}

/** Every command, in help order. */
export const COMMANDS: readonly Command[] = [
  {
    path: ['new'],
    arguments: '<dir>',
    summary: 'start a new MCP server project from the template',
    usage: create.NEW_USAGE,
    run: create.run,
    render: create.render,
  },
  {
    path: ['check'],
    arguments: '<command...> | --url URL',
    summary: 'connect to an MCP server and report what a host will run into',
    usage: check.CHECK_USAGE,
    handlesHelp: true,
    run: check.run,
    render: check.render,
  },
  {
    path: ['gateway', 'serve'],
    summary: 'serve the gateway on PostgreSQL or the embedded PGlite',
    usage: serve.SERVE_USAGE,
    run: serve.run,
    render: serve.render,
  },
  {
    path: ['gateway', 'demo'],
    summary: 'try the gateway: a seeded demo with bundled rates, orders and office services, no setup',
    usage: demo.DEMO_USAGE,
    run: demo.run,
    render: demo.render,
  },
  {
    path: ['gateway', 'migrate'],
    summary: "apply the gateway's pending database migrations, without starting it",
    usage: migrate.MIGRATE_USAGE,
    run: migrate.run,
    render: migrate.render,
  },
  {
    path: ['gateway', 'import', 'openapi'],
    arguments: '<file|url>',
    summary: 'import an OpenAPI document as draft operations of a workspace',
    usage: importOpenapi.IMPORT_OPENAPI_USAGE,
    run: importOpenapi.run,
    render: importOpenapi.render,
  },
  {
    path: ['gateway', 'workspaces'],
    summary: 'list the workspaces of a running gateway',
    usage: workspaces.WORKSPACES_USAGE,
    run: workspaces.runList,
    render: workspaces.renderList,
  },
  {
    path: ['gateway', 'workspaces', 'create'],
    arguments: '<slug>',
    summary: 'create a workspace',
    usage: workspaces.WORKSPACES_CREATE_USAGE,
    run: workspaces.runCreate,
    render: workspaces.renderCreate,
  },
  {
    path: ['gateway', 'operations', 'list'],
    summary: "list a workspace's operations: tool, method, path, published version",
    usage: operations.OPERATIONS_LIST_USAGE,
    run: operations.runList,
    render: operations.renderList,
  },
  {
    path: ['gateway', 'operations', 'publish'],
    arguments: '<operation>',
    summary: "publish an operation's draft as its next version",
    usage: operations.OPERATIONS_PUBLISH_USAGE,
    run: operations.runPublish,
    render: operations.renderPublish,
  },
  {
    path: ['gateway', 'agents', 'list'],
    summary: "list a workspace's agents",
    usage: agents.AGENTS_LIST_USAGE,
    run: agents.runList,
    render: agents.renderList,
  },
  {
    path: ['gateway', 'agents', 'publish'],
    arguments: '<agent>',
    summary: "publish an agent's catalog: its MCP endpoint serves it at once",
    usage: agents.AGENTS_PUBLISH_USAGE,
    run: agents.runPublish,
    render: agents.renderPublish,
  },
  {
    path: ['gateway', 'keys', 'create'],
    summary: 'create an API key (mcp_client, approval or admin) and print its value once',
    usage: keys.KEYS_CREATE_USAGE,
    run: keys.runCreate,
    render: keys.renderCreate,
  },
  {
    path: ['gateway', 'keys', 'list'],
    summary: 'list API keys, without their values',
    usage: keys.KEYS_LIST_USAGE,
    run: keys.runList,
    render: keys.renderList,
  },
  {
    path: ['gateway', 'keys', 'revoke'],
    arguments: '<key-id>',
    summary: 'revoke an API key, on every gateway process',
    usage: keys.KEYS_REVOKE_USAGE,
    run: keys.runRevoke,
    render: keys.renderRevoke,
  },
];

/** Groups (their words joined by a space) and their one-line summaries, for help. */
export const GROUPS: Readonly<Record<string, string>> = {
  gateway: 'REST operations as MCP tools, one endpoint per agent',
  'gateway import': 'import API descriptions as draft operations',
  'gateway workspaces': "a running gateway's workspaces",
  'gateway operations': "a workspace's operations on a running gateway",
  'gateway agents': "a workspace's agents on a running gateway",
  'gateway keys': "a running gateway's API keys",
};
