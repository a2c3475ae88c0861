import { describe, expect, it } from 'vitest';
import { CliError } from './cli-error.js';
import type { Command } from './commands.js';
import { type CommandTable, resolveCommand, wantsHelp } from './dispatch.js';

function command(path: string[], extra: Partial<Command> = {}): Command {
  return {
    path,
    summary: `the ${path.join(' ')} command`,
    usage: `Usage: mcpforge ${path.join(' ')}`,
    run: async () => ({ result: null }),
    render: () => '',
    ...extra,
  };
}

const TABLE: CommandTable = {
  commands: [
    command(['new'], { arguments: '<dir>' }),
    command(['check'], { arguments: '<command...>' }),
    command(['gateway', 'serve']),
    command(['gateway', 'import', 'openapi'], { arguments: '<file|url>' }),
    command(['gateway', 'keys', 'create']),
    command(['gateway', 'keys', 'list']),
    command(['gateway', 'keys', 'revoke'], { arguments: '<key-id>' }),
    command(['gateway', 'workspaces']),
    command(['gateway', 'workspaces', 'create'], { arguments: '<slug>' }),
  ],
  groups: { gateway: 'the gateway', 'gateway keys': 'admin keys', 'gateway import': 'imports' },
};

function named(argv: string[]): { path: string; args: readonly string[] } {
  const resolved = resolveCommand(argv, TABLE);
  if ('help' in resolved) throw new Error(`help instead of a command: ${resolved.help}`);
  return { path: resolved.command.path.join(' '), args: resolved.args };
}

function help(argv: string[]): string {
  const resolved = resolveCommand(argv, TABLE);
  if (!('help' in resolved)) throw new Error(`a command instead of help: ${resolved.command.path}`);
  return resolved.help;
}

function refusal(argv: string[]): CliError {
  try {
    resolveCommand(argv, TABLE);
  } catch (error) {
    if (error instanceof CliError) return error;
    throw error;
  }
  throw new Error('resolveCommand accepted the words');
}

describe('resolveCommand', () => {
  it.each([
    [['new', 'my-server', '--name', 'x'], 'new', ['my-server', '--name', 'x']],
    [['check', 'node', 'server.js', '--stdio'], 'check', ['node', 'server.js', '--stdio']],
    [['gateway', 'serve', '--listen', '0'], 'gateway serve', ['--listen', '0']],
    [['gateway', 'import', 'openapi', 'petstore.yaml'], 'gateway import openapi', ['petstore.yaml']],
    [['gateway', 'keys', 'revoke', 'key_1'], 'gateway keys revoke', ['key_1']],
    [['gateway', 'workspaces', '--json'], 'gateway workspaces', ['--json']],
    [['gateway', 'workspaces', 'create', 'acme'], 'gateway workspaces create', ['acme']],
  ])('%j names %s with the arguments after its words', (argv, path, args) => {
    expect(named(argv)).toEqual({ path, args });
  });

  it('prints the root, group and sub-group help, each listing what is under it', () => {
    const root = help(['--help']);
    expect(root).toMatch(/^Usage: mcpforge <command> \[flags\]/);
    expect(root).toMatch(/ {2}new +the new command/);
    expect(root).toMatch(/ {2}gateway +the gateway/);
    const gateway = help(['gateway', '-h']);
    expect(gateway).toMatch(/gateway keys revoke <key-id> +the gateway keys revoke command/);
    expect(gateway).toMatch(/gateway import openapi <file\|url>/);
    const keys = help(['gateway', 'keys', '--help']);
    expect(keys).toMatch(/^Usage: mcpforge gateway keys <command> \[flags\]\n\nAdmin keys\./);
    expect(keys).toContain('gateway keys create');
    expect(keys).not.toContain('gateway serve');
  });

  it("prints a command's usage for --help, and a command that is also a group lists the rest", () => {
    expect(help(['gateway', 'keys', 'create', '--help'])).toBe('Usage: mcpforge gateway keys create');
    expect(help(['gateway', 'workspaces', '--help'])).toMatch(
      /^Usage: mcpforge gateway workspaces\n\nMore commands:\n {2}gateway workspaces create <slug>/,
    );
  });

  it('leaves --help after -- to the command line a command runs', () => {
    expect(named(['check', '--', 'node', 'x', '--help'])).toEqual({
      path: 'check',
      args: ['--', 'node', 'x', '--help'],
    });
    expect(wantsHelp(['--', '--help'])).toBe(false);
    expect(wantsHelp(['-h', '--'])).toBe(true);
  });

  it.each([
    [['gatway'], "unknown command 'gatway'. Did you mean 'gateway'? Run 'mcpforge --help' for the commands."],
    [['chek', 'node'], "unknown command 'chek'. Did you mean 'check'?"],
    [['gateway', 'kyes'], "unknown command 'mcpforge gateway kyes'. Did you mean 'gateway keys'?"],
    [
      ['gateway', 'keys', 'revok', 'k'],
      "unknown command 'mcpforge gateway keys revok'. Did you mean 'gateway keys revoke'? Run 'mcpforge gateway keys --help' for its commands.",
    ],
    [['gateway', 'workspaces', 'creat', 'acme'], "Did you mean 'gateway workspaces create'?"],
    [
      ['gateway', 'keys'],
      "'mcpforge gateway keys' needs a command.\n\nUsage: mcpforge gateway keys <command>",
    ],
    [[], 'a command is missing.\n\nUsage: mcpforge <command>'],
  ])('%j is refused as unknown_command naming the fix', (argv, message) => {
    const error = refusal(argv);
    expect(error.code).toBe('unknown_command');
    expect(error.message).toContain(message);
    expect(error.exitCode).toBe(2);
  });
});
