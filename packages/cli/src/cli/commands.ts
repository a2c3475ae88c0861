import * as check from '../commands/check.js';
import * as agentDrafts from '../commands/gateway-agent-drafts.js';
import * as agents from '../commands/gateway-agents.js';
import * as apply from '../commands/gateway-apply.js';
import * as approvals from '../commands/gateway-approvals.js';
import * as demo from '../commands/gateway-demo.js';
import * as exportConfig from '../commands/gateway-export.js';
import * as history from '../commands/gateway-history.js';
import * as hosts from '../commands/gateway-hosts.js';
import * as importOpenapi from '../commands/gateway-import-openapi.js';
import * as keys from '../commands/gateway-keys.js';
import * as migrate from '../commands/gateway-migrate.js';
import * as operationDrafts from '../commands/gateway-operation-drafts.js';
import * as operations from '../commands/gateway-operations.js';
import * as sections from '../commands/gateway-sections.js';
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
    path: ['gateway', 'operations', 'create'],
    arguments: '<operation>',
    summary: 'create an operation from a JSON or YAML draft, or from flags',
    usage: operationDrafts.OPERATIONS_CREATE_USAGE,
    run: operationDrafts.runCreate,
    render: operationDrafts.renderSaved,
  },
  {
    path: ['gateway', 'operations', 'edit'],
    arguments: '<operation>',
    summary: "replace or change an operation's draft",
    usage: operationDrafts.OPERATIONS_EDIT_USAGE,
    run: operationDrafts.runEdit,
    render: operationDrafts.renderSaved,
  },
  {
    path: ['gateway', 'operations', 'show'],
    arguments: '<operation>',
    summary: 'show an operation and its whole draft',
    usage: operationDrafts.OPERATIONS_SHOW_USAGE,
    run: operationDrafts.runShow,
    render: operationDrafts.renderShow,
  },
  {
    path: ['gateway', 'operations', 'publish'],
    arguments: '<operation> | --all',
    summary: "publish an operation's draft (or every selected one's) as its next version",
    usage: operations.OPERATIONS_PUBLISH_USAGE,
    run: operations.runPublish,
    render: operations.renderPublish,
  },
  {
    path: ['gateway', 'operations', 'archive'],
    arguments: '<operation>',
    summary: 'archive an operation: agents published from now on leave it out',
    usage: operationDrafts.OPERATIONS_ARCHIVE_USAGE,
    run: operationDrafts.runArchive,
    render: operationDrafts.renderArchive,
  },
  {
    path: ['gateway', 'agents', 'list'],
    summary: "list a workspace's agents",
    usage: agents.AGENTS_LIST_USAGE,
    run: agents.runList,
    render: agents.renderList,
  },
  {
    path: ['gateway', 'agents', 'create'],
    arguments: '<agent>',
    summary: 'create an agent: delivery, sections, operations by slug or selector',
    usage: agentDrafts.AGENTS_CREATE_USAGE,
    run: agentDrafts.runCreate,
    render: agentDrafts.renderSaved,
  },
  {
    path: ['gateway', 'agents', 'edit'],
    arguments: '<agent>',
    summary: "change an agent's draft",
    usage: agentDrafts.AGENTS_EDIT_USAGE,
    run: agentDrafts.runEdit,
    render: agentDrafts.renderSaved,
  },
  {
    path: ['gateway', 'agents', 'show'],
    arguments: '<agent>',
    summary: "show an agent's draft and latest version",
    usage: agentDrafts.AGENTS_SHOW_USAGE,
    run: agentDrafts.runShow,
    render: agentDrafts.renderShow,
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
    path: ['gateway', 'agents', 'archive'],
    arguments: '<agent>',
    summary: 'archive an agent: its MCP endpoint serves nothing from now on',
    usage: agentDrafts.AGENTS_ARCHIVE_USAGE,
    run: agentDrafts.runArchive,
    render: agentDrafts.renderArchive,
  },
  {
    path: ['gateway', 'sections', 'list'],
    summary: "list a workspace's sections",
    usage: sections.SECTIONS_LIST_USAGE,
    run: sections.runList,
    render: sections.renderList,
  },
  {
    path: ['gateway', 'sections', 'create'],
    arguments: '<section>',
    summary: 'create a section (a group of operations, a search filter)',
    usage: sections.SECTIONS_CREATE_USAGE,
    run: sections.runCreate,
    render: sections.renderSaved,
  },
  {
    path: ['gateway', 'sections', 'edit'],
    arguments: '<section>',
    summary: "change a section's title or description",
    usage: sections.SECTIONS_EDIT_USAGE,
    run: sections.runEdit,
    render: sections.renderSaved,
  },
  {
    path: ['gateway', 'hosts', 'add'],
    arguments: '<pattern>',
    summary: "add a host to a workspace's upstream allow-list (--allow-loopback for a local mock)",
    usage: hosts.HOSTS_ADD_USAGE,
    run: hosts.runAdd,
    render: hosts.renderAdd,
  },
  {
    path: ['gateway', 'hosts', 'list'],
    summary: "list a workspace's upstream allow-list",
    usage: hosts.HOSTS_LIST_USAGE,
    run: hosts.runList,
    render: hosts.renderList,
  },
  {
    path: ['gateway', 'hosts', 'remove'],
    arguments: '<pattern>',
    summary: 'remove a host from the allow-list',
    usage: hosts.HOSTS_REMOVE_USAGE,
    run: hosts.runRemove,
    render: hosts.renderRemove,
  },
  {
    path: ['gateway', 'history'],
    summary: 'list the latest tools/call history, filtered by workspace, agent, key, outcome, time',
    usage: history.HISTORY_USAGE,
    run: history.run,
    render: history.render,
  },
  {
    path: ['gateway', 'approvals', 'list'],
    summary: "list a workspace's approval requests",
    usage: approvals.APPROVALS_LIST_USAGE,
    run: approvals.runList,
    render: approvals.renderList,
  },
  {
    path: ['gateway', 'approvals', 'show'],
    arguments: '<approval-id>',
    summary: 'show an approval request, its decision and outcome',
    usage: approvals.APPROVALS_SHOW_USAGE,
    run: approvals.runShow,
    render: approvals.renderShow,
  },
  {
    path: ['gateway', 'approvals', 'approve'],
    arguments: '<approval-id>',
    summary: 'approve a request (with an approval key): the call runs upstream, once',
    usage: approvals.APPROVALS_APPROVE_USAGE,
    run: approvals.runApprove,
    render: approvals.renderDecided,
  },
  {
    path: ['gateway', 'approvals', 'deny'],
    arguments: '<approval-id>',
    summary: 'deny a request (with an approval key): nothing runs',
    usage: approvals.APPROVALS_DENY_USAGE,
    run: approvals.runDeny,
    render: approvals.renderDecided,
  },
  {
    path: ['gateway', 'export'],
    summary: 'write a workspace as one YAML or JSON document (configuration as code)',
    usage: exportConfig.EXPORT_USAGE,
    run: exportConfig.run,
    render: exportConfig.render,
  },
  {
    path: ['gateway', 'apply'],
    arguments: '-f FILE',
    summary: 'make a workspace match a YAML or JSON document, in one transaction, and print the plan',
    usage: apply.APPLY_USAGE,
    run: apply.run,
    render: apply.render,
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
  'gateway sections': "a workspace's sections on a running gateway",
  'gateway hosts': "a workspace's upstream allow-list on a running gateway",
  'gateway approvals': "a workspace's human approval requests on a running gateway",
};
