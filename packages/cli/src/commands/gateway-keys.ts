import { ADMIN_FLAGS, ADMIN_KEY_HELP, adminClientFor, JSON_FLAG } from '../admin/admin-flags.js';
import { type ApiKey, type CreatedKey, KEY_TYPES, type KeyType } from '../admin/admin-types.js';
import { CliError } from '../cli/cli-error.js';
import { type Palette, PLAIN } from '../cli/colour.js';
import { type FlagSpec, type FlagValues, flagHelp, parseCommandLine } from '../cli/flags.js';
import type { CliIo, CommandOutput } from '../cli/io.js';
import { shortTime, table } from '../cli/table.js';

/**
 * `mcpforge gateway keys create|list|revoke`: API keys of a running gateway, through its admin
 * API. A key's value is printed once, by `create`; the gateway keeps only its hash.
 * @module
 */

const CREATE_FLAGS: readonly FlagSpec[] = [
  {
    name: 'type',
    value: 'mcp_client|approval|admin',
    description: "the key's type: an MCP client of one agent, a person's approval front end, or this API",
    example: 'mcp_client',
  },
  {
    name: 'workspace',
    value: 'SLUG',
    description: 'the workspace (mcp_client and approval keys)',
    example: 'default',
  },
  {
    name: 'agent',
    value: 'SLUG',
    description: 'the agent (mcp_client keys; optional for approval keys: one agent only)',
    example: 'currency-rates',
  },
  {
    name: 'allowed-origin',
    value: 'ORIGIN',
    description: 'a browser origin an approval key may be used from (repeat it for several)',
    example: 'https://app.example.com',
  },
  {
    name: 'name',
    value: 'TEXT',
    description: 'a name people recognise the key by (default: from its binding)',
  },
  ...ADMIN_FLAGS,
  JSON_FLAG,
];

const LIST_FLAGS: readonly FlagSpec[] = [
  { name: 'workspace', value: 'SLUG', description: "only this workspace's keys", example: 'default' },
  {
    name: 'type',
    value: 'mcp_client|approval|admin',
    description: 'only keys of this type',
    example: 'admin',
  },
  { name: 'include-revoked', description: 'list revoked keys too' },
  ...ADMIN_FLAGS,
  JSON_FLAG,
];

const REVOKE_FLAGS: readonly FlagSpec[] = [...ADMIN_FLAGS, JSON_FLAG];

export const KEYS_CREATE_USAGE = `Usage: mcpforge gateway keys create --type mcp_client|approval|admin [flags]

Creates an API key on a running gateway and prints its value, this once (only its hash is
stored: keep it now). An mcp_client key needs --workspace and --agent; an approval key
--workspace (and --agent to limit it to one agent, --allowed-origin for a browser front end);
an admin key nothing else.

  mcpforge gateway keys create --type mcp_client --workspace default --agent currency-rates

${ADMIN_KEY_HELP}

Flags:
${flagHelp(CREATE_FLAGS)}`;

export const KEYS_LIST_USAGE = `Usage: mcpforge gateway keys list [flags]

Lists the API keys of a running gateway, newest first, without their values: id, type, name,
binding, the start of the value (to recognise it) and when it was last used. Revoked keys only
with --include-revoked.

${ADMIN_KEY_HELP}

Flags:
${flagHelp(LIST_FLAGS)}`;

export const KEYS_REVOKE_USAGE = `Usage: mcpforge gateway keys revoke <key-id> [flags]

Revokes a key by its id ('mcpforge gateway keys list' shows ids): every gateway process
refuses it from its next request on. Revoking a revoked key changes nothing.

${ADMIN_KEY_HELP}

Flags:
${flagHelp(REVOKE_FLAGS)}`;

function readType(text: string | true | undefined, flag: string): KeyType | undefined {
  if (text === undefined) return undefined;
  if (typeof text !== 'string' || !(KEY_TYPES as readonly string[]).includes(text)) {
    throw new CliError('invalid_value', `${flag} takes ${KEY_TYPES.join(', ')}; got '${String(text)}'`);
  }
  return text as KeyType;
}

const text = (flags: FlagValues, name: string) => {
  const value = flags[name];
  return typeof value === 'string' ? value : undefined;
};

function checkBinding(type: KeyType, flags: FlagValues, origins: readonly string[]): void {
  const refuse = (flag: string, why: string) => {
    if (flags[flag] !== undefined) throw new CliError('conflicting_flags', `--${flag} ${why}`);
  };
  const need = (flag: string, example: string) => {
    if (flags[flag] === undefined) {
      throw new CliError('missing_value', `a ${type} key needs --${flag}, e.g. --${flag} ${example}`);
    }
  };
  if (type === 'admin') {
    refuse('workspace', 'is not taken by an admin key: it reaches every workspace');
    refuse('agent', 'is not taken by an admin key');
  } else {
    need('workspace', 'default');
  }
  if (type === 'mcp_client') need('agent', 'currency-rates');
  if (type !== 'approval' && origins.length > 0) refuse('allowed-origin', 'is only for approval keys');
}

export async function runCreate(args: readonly string[], io: CliIo): Promise<CommandOutput<CreatedKey>> {
  const { flags, repeated } = parseCommandLine(args, { flags: CREATE_FLAGS }, 'mcpforge gateway keys create');
  const type = readType(flags['type'], '--type');
  if (type === undefined) {
    throw new CliError(
      'missing_value',
      '--type is needed: --type mcp_client|approval|admin, e.g. --type mcp_client',
    );
  }
  const origins = repeated['allowed-origin'] ?? [];
  checkBinding(type, flags, origins);
  const workspace = text(flags, 'workspace');
  const agent = text(flags, 'agent');
  const name =
    text(flags, 'name') ?? (type === 'admin' ? 'admin key' : `${type} key for ${agent ?? workspace}`);
  const client = await adminClientFor(flags, io);
  const created = await client.createKey({
    type,
    name,
    workspace,
    agent,
    allowedOrigins: origins.length === 0 ? undefined : origins,
  });
  return { result: created };
}

const binding = (key: ApiKey) =>
  key.workspace === null ? '(all)' : key.agent === null ? key.workspace : `${key.workspace}/${key.agent}`;

export function renderCreate(result: CreatedKey, style: Palette = PLAIN): string {
  const { key } = result;
  return [
    `Created ${key.type} key ${key.id} '${key.name}' for ${binding(key)}.`,
    'Its value, shown this once (only its hash is stored):',
    `  ${style.bold(style.green(result.value))}`,
  ].join('\n');
}

export interface KeyList {
  keys: ApiKey[];
}

export async function runList(args: readonly string[], io: CliIo): Promise<CommandOutput<KeyList>> {
  const { flags } = parseCommandLine(args, { flags: LIST_FLAGS }, 'mcpforge gateway keys list');
  const type = readType(flags['type'], '--type');
  const client = await adminClientFor(flags, io);
  const keys = await client.listKeys({
    workspace: text(flags, 'workspace'),
    type,
    includeRevoked: flags['include-revoked'] === true,
  });
  return { result: { keys } };
}

export function renderList(result: KeyList, style: Palette = PLAIN): string {
  if (result.keys.length === 0) return "No keys: 'mcpforge gateway keys create' makes one.";
  return table(
    ['ID', 'TYPE', 'NAME', 'FOR', 'STARTS', 'CREATED', 'LAST USED', 'REVOKED'],
    result.keys.map((key) => [
      key.id,
      key.type,
      key.name,
      binding(key),
      key.displayPrefix,
      shortTime(key.createdAt),
      shortTime(key.lastUsedAt),
      shortTime(key.revokedAt),
    ]),
    style.bold,
  );
}

export interface KeyRevoked {
  key: ApiKey;
}

export async function runRevoke(args: readonly string[], io: CliIo): Promise<CommandOutput<KeyRevoked>> {
  const { flags, positionals } = parseCommandLine(
    args,
    { flags: REVOKE_FLAGS, positionals: { name: '<key-id>', min: 1, max: 1 } },
    'mcpforge gateway keys revoke',
  );
  const client = await adminClientFor(flags, io);
  return { result: { key: await client.revokeKey(positionals[0] as string) } };
}

export function renderRevoke(result: KeyRevoked): string {
  return `Revoked ${result.key.type} key ${result.key.id} '${result.key.name}' (at ${result.key.revokedAt}).`;
}
