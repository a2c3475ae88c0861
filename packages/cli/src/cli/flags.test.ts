import { describe, expect, it } from 'vitest';
import { CliError } from './cli-error.js';
import { type FlagSpec, flagHelp, parseCommandLine, parseFlags } from './flags.js';
import { parseListen } from './listen.js';

const SPECS: FlagSpec[] = [
  { name: 'data-dir', value: 'DIR', description: 'where', example: './data' },
  { name: 'json', description: 'json' },
];
const COMMAND = 'mcpforge gateway demo';

function refusal(args: string[]): CliError {
  try {
    parseFlags(args, SPECS, COMMAND);
  } catch (error) {
    if (error instanceof CliError) return error;
    throw error;
  }
  throw new Error('parseFlags accepted the arguments');
}

describe('parseFlags', () => {
  it('reads --name VALUE, --name=VALUE, switches and -h; the last of a repeated flag wins', () => {
    expect(parseFlags(['--data-dir', 'a', '--json', '--data-dir=b=c', '-h'], SPECS, COMMAND)).toEqual({
      'data-dir': 'b=c',
      json: true,
      help: true,
    });
  });

  it.each([
    [
      ['--data-dr', 'x'],
      'unknown_flag',
      'unknown flag --data-dr for mcpforge gateway demo. Did you mean --data-dir?',
    ],
    [
      ['--zzzzzz'],
      'unknown_flag',
      "unknown flag --zzzzzz for mcpforge gateway demo. Run 'mcpforge gateway demo --help'",
    ],
    [['--data-dir'], 'missing_value', '--data-dir needs a value: --data-dir DIR, e.g. --data-dir ./data'],
    [['--data-dir', '--json'], 'missing_value', '--data-dir needs a value'],
    [['--json=1'], 'invalid_value', '--json takes no value; write just --json'],
    [['serve'], 'unexpected_argument', "unexpected argument 'serve': mcpforge gateway demo takes flags only"],
  ])('%j is refused (%s) with a message naming the fix', (args, code, message) => {
    const error = refusal(args);
    expect(error.code).toBe(code);
    expect(error.message.startsWith(message)).toBe(true);
    expect(error.exitCode).toBe(2);
  });

  it('lists every flag and --help in the help text', () => {
    const help = flagHelp(SPECS);
    expect(help).toContain('--data-dir DIR  where');
    expect(help).toContain('--help');
  });
});

describe('parseListen', () => {
  it.each([
    ['127.0.0.1:8080', { host: '127.0.0.1', port: 8080 }],
    ['0.0.0.0:0', { host: '0.0.0.0', port: 0 }],
    ['[::1]:9000', { host: '::1', port: 9000 }],
    ['localhost:1', { host: 'localhost', port: 1 }],
    ['8080', { host: '127.0.0.1', port: 8080 }],
  ])('reads %s', (text, address) => {
    expect(parseListen(text)).toEqual(address);
  });

  it.each([
    ['foo', 'the port must be a number'],
    ['1.2.3.4:', 'the port is missing'],
    [':80', 'the host is empty'],
    ['127.0.0.1:70000', 'the port must be a number from 0 to 65535'],
    ['::1:80', 'an IPv6 host goes in brackets'],
  ])('refuses %s, saying the shape and why', (text, why) => {
    expect(() => parseListen(text)).toThrow(
      new RegExp(`^--listen expects HOST:PORT, e\\.g\\. --listen 127\\.0\\.0\\.1:8080 .*\\(${why}`),
    );
  });
});

describe('parseCommandLine', () => {
  const FLAGS: FlagSpec[] = [
    { name: 'workspace', value: 'SLUG', description: 'the workspace', example: 'default' },
    { name: 'allowed-origin', value: 'ORIGIN', description: 'an origin' },
    { name: 'json', description: 'json' },
  ];
  const KEYS = 'mcpforge gateway keys revoke';

  function refused(run: () => unknown): CliError {
    try {
      run();
    } catch (error) {
      if (error instanceof CliError) return error;
      throw error;
    }
    throw new Error('accepted');
  }

  it('reads positionals between flags, and after -- even when they look like flags', () => {
    expect(
      parseCommandLine(
        ['key_1', '--json'],
        { flags: FLAGS, positionals: { name: 'KEY-ID', min: 1, max: 1 } },
        KEYS,
      ),
    ).toEqual({ flags: { json: true }, repeated: {}, positionals: ['key_1'] });
    expect(
      parseCommandLine(
        ['--json', '--', '--odd-id'],
        { flags: FLAGS, positionals: { name: 'KEY-ID', max: 1 } },
        KEYS,
      ).positionals,
    ).toEqual(['--odd-id']);
  });

  it('keeps every value of a repeated flag in order, and the last one in flags', () => {
    const line = parseCommandLine(
      ['--allowed-origin', 'https://a.example', '--allowed-origin=https://b.example'],
      { flags: FLAGS },
      KEYS,
    );
    expect(line.flags['allowed-origin']).toBe('https://b.example');
    expect(line.repeated['allowed-origin']).toEqual(['https://a.example', 'https://b.example']);
  });

  it('with rest, the first positional and everything after it is the command line, flags included', () => {
    const spec = { flags: FLAGS, positionals: { name: 'COMMAND', rest: true as const } };
    expect(
      parseCommandLine(['--json', 'node', 'server.js', '--stdio', '-h'], spec, 'mcpforge check'),
    ).toEqual({
      flags: { json: true },
      repeated: {},
      positionals: ['node', 'server.js', '--stdio', '-h'],
    });
    expect(parseCommandLine(['--json', '--', '--weird', 'x'], spec, 'mcpforge check').positionals).toEqual([
      '--weird',
      'x',
    ]);
  });

  it.each([
    [
      [],
      { name: 'KEY-ID', min: 1, max: 1 },
      'missing_argument',
      `${'mcpforge gateway keys revoke'} needs KEY-ID`,
    ],
    [['a', 'b'], { name: 'KEY-ID', min: 1, max: 1 }, 'unexpected_argument', "unexpected argument 'b'"],
    [['--json'], { name: 'COMMAND', rest: true as const }, 'missing_argument', 'needs COMMAND'],
    [['-x'], { name: 'KEY-ID', max: 1 }, 'unknown_flag', 'unknown flag -x for'],
    [['--workspce', 'a'], { name: 'KEY-ID', max: 1 }, 'unknown_flag', 'Did you mean --workspace?'],
    [['--workspace', '--json'], { name: 'KEY-ID', max: 1 }, 'missing_value', '--workspace needs a value'],
  ])('%j against %j is refused (%s)', (args, positionals, code, message) => {
    const error = refused(() => parseCommandLine(args, { flags: FLAGS, positionals }, KEYS));
    expect(error.code).toBe(code);
    expect(error.message).toContain(message);
    expect(error.exitCode).toBe(2);
  });

  it('refuses -- when the command takes flags only', () => {
    expect(refused(() => parseFlags(['--'], SPECS, COMMAND)).message).toContain("unexpected argument '--'");
  });
});
