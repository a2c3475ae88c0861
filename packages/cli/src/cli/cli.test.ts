import { describe, expect, it } from 'vitest';
import { fakeIo } from '../test-support/fake-io.js';
import { CLI_VERSION, cli } from './cli.js';

async function runCli(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await cli(argv, fakeIo(), {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}

describe('cli dispatch', () => {
  it('mcpforge --help lists the command groups on stdout and exits 0', async () => {
    const result = await runCli(['--help']);
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect(result.stdout).toMatch(/^Usage: mcpforge <command> \[flags\]/);
    expect(result.stdout).toContain('gateway');
  });

  it('mcpforge --help lists the one-word commands and the groups; gateway keys --help its own', async () => {
    const root = (await runCli(['--help'])).stdout;
    expect(root).toMatch(/\n {2}new +start a new MCP server project/);
    expect(root).toMatch(/\n {2}check +connect to an MCP server/);
    const keys = await runCli(['gateway', 'keys', '--help']);
    expect(keys.code).toBe(0);
    expect(keys.stdout).toMatch(/^Usage: mcpforge gateway keys <command> \[flags\]/);
    expect(keys.stdout).toMatch(/gateway keys revoke <key-id> +revoke an API key/);
    const more = (await runCli(['gateway', 'workspaces', '--help'])).stdout;
    expect(more).toMatch(/More commands:\n {2}gateway workspaces create <slug> +create a workspace/);
  });

  it('mcpforge gateway --help lists serve and demo', async () => {
    const result = await runCli(['gateway', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/gateway serve\s+serve the gateway/);
    expect(result.stdout).toMatch(/gateway demo\s+try the gateway/);
  });

  it.each([
    [
      ['gateway', 'serve', '--help'],
      [
        '--database-url URL',
        '--data-dir DIR',
        '--listen HOST:PORT',
        '--allowed-hosts HOST[,HOST...]',
        '--prefix PATH',
        '--health',
      ],
    ],
    [
      ['gateway', 'demo', '-h'],
      ['--data-dir DIR', '--listen HOST:PORT', '--upstream URL', '--json'],
    ],
  ])('%j prints the flags of the command', async (argv, flags) => {
    const result = await runCli(argv);
    expect(result.code).toBe(0);
    for (const flag of flags) expect(result.stdout).toContain(flag);
  });

  it('colours the error prefix only on a terminal, and never with NO_COLOR', async () => {
    const onTerminal = async (env: Record<string, string>) => {
      let stderr = '';
      const io = { ...fakeIo(env), stderr: { isTTY: true, write: () => undefined }, stdoutIsTTY: true };
      await cli(['gatway'], io, { stdout: () => undefined, stderr: (text) => (stderr += text) });
      return stderr;
    };
    expect((await onTerminal({})).startsWith("\u001b[31mmcpforge:\u001b[39m unknown command 'gatway'")).toBe(
      true,
    );
    expect(await onTerminal({ NO_COLOR: '1' })).toMatch(/^mcpforge: unknown command 'gatway'/);
    expect((await runCli(['gatway'])).stderr).toMatch(/^mcpforge: /);
  });

  it('--version prints the version', async () => {
    expect((await runCli(['--version'])).stdout).toBe(`${CLI_VERSION}\n`);
  });

  it.each([
    [
      ['gatway', 'serve'],
      "mcpforge: unknown command 'gatway'. Did you mean 'gateway'? Run 'mcpforge --help' for the commands.",
    ],
    [['gateway', 'srve'], "mcpforge: unknown command 'mcpforge gateway srve'. Did you mean 'gateway serve'?"],
    [[], 'mcpforge: a command is missing.'],
    [['gateway'], "mcpforge: 'mcpforge gateway' needs a command."],
    [
      ['gateway', 'serve', '--lisen', '0'],
      'mcpforge: unknown flag --lisen for mcpforge gateway serve. Did you mean --listen?',
    ],
  ])('%j exits 2 with a message on stderr naming the fix', async (argv, message) => {
    const result = await runCli(argv);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.startsWith(message)).toBe(true);
  });

  it('with --json an error is one JSON line on stdout: { error: { code, message } }', async () => {
    const result = await runCli(['gateway', 'demo', '--json', '--listen', 'nope']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({
      error: { code: 'invalid_value', message: expect.stringMatching(/^--listen expects HOST:PORT/) },
    });
  });

  it('gateway serve --health prints ok and exits 0 without opening anything', async () => {
    expect(
      await runCli(['gateway', 'serve', '--health', '--database-url', 'postgres://127.0.0.1:1/none']),
    ).toEqual({
      code: 0,
      stdout: 'ok\n',
      stderr: '',
    });
  });
});
