import { describe, expect, it } from 'vitest';
import { FlagError } from './flag-error.js';
import { parseListenAddress } from './listen-address.js';
import { parseHostList, parseRunFlags, RUN_FLAGS } from './run-flags.js';
import { runUsage } from './run-usage.js';

function refusal(run: () => unknown): FlagError {
  try {
    run();
  } catch (error) {
    if (error instanceof FlagError) return error;
    throw error;
  }
  throw new Error('expected a FlagError');
}

describe('parseRunFlags', () => {
  it('reads every flag in both spellings, with = or a separate value; the last one wins', () => {
    expect(parseRunFlags([])).toEqual({
      help: false,
      health: false,
      http: undefined,
      allowedHosts: undefined,
      config: undefined,
      extra: {},
    });
    expect(
      parseRunFlags([
        '--http',
        '3000',
        '-config=a.json',
        '--config',
        'b.json',
        '--allowed-hosts=x.lan, 10.0.0.2',
      ]),
    ).toMatchObject({
      http: { host: '127.0.0.1', port: 3000 },
      config: 'b.json',
      allowedHosts: ['x.lan', '10.0.0.2'],
    });
    expect(parseRunFlags(['-health']).health).toBe(true);
    expect(parseRunFlags(['-h']).help).toBe(true);
    expect(parseRunFlags(['--help']).help).toBe(true);
    expect(parseRunFlags(['--http=[::1]:0']).http).toEqual({ host: '::1', port: 0 });
    expect(parseRunFlags(['--http', 'localhost:8080']).http).toEqual({ host: 'localhost', port: 8080 });
    expect(parseRunFlags(['--allowed-hosts', '*']).allowedHosts).toBe('*');
  });

  it('a bare --http names the flag and shows the value it needs, instead of a stack trace', () => {
    for (const args of [['--http'], ['--http', '--health'], ['--http=']]) {
      const error = refusal(() => parseRunFlags(args));
      expect(error.code).toBe('ERR_FLAG_VALUE_MISSING');
      expect(error.message).toMatch(/^--http needs a value: --http \[HOST:\]PORT, e\.g\. --http 3000/);
    }
  });

  it('--http foo says what the value should look like', () => {
    expect(refusal(() => parseRunFlags(['--http', 'foo'])).message).toBe(
      "--http expects [HOST:]PORT, e.g. --http 3000 or --http 0.0.0.0:8080; got 'foo' (the port must be a number from 0 to 65535)",
    );
    for (const value of ['70000', ':3000', '::1:3000', '[::1]3000', '[nope]:1', 'a b:1', '3000:']) {
      expect(refusal(() => parseListenAddress(value)).code).toBe('ERR_FLAG_VALUE_INVALID');
    }
  });

  it('an unknown flag is refused with the nearest known one', () => {
    const error = refusal(() => parseRunFlags(['--htp', '3000']));
    expect([error.code, error.flag]).toEqual(['ERR_FLAG_UNKNOWN', '--htp']);
    expect(error.message).toBe(
      'unknown flag --htp. Did you mean --http? Run with --help for the flags this server takes.',
    );
    expect(refusal(() => parseRunFlags(['--verbose'])).message).toBe(
      'unknown flag --verbose. Run with --help for the flags this server takes.',
    );
  });

  it('refuses a value on a switch, and arguments that are not flags', () => {
    expect(refusal(() => parseRunFlags(['--health=yes'])).message).toBe(
      '--health takes no value; write just --health',
    );
    const stray = refusal(() => parseRunFlags(['serve']));
    expect([stray.code, stray.message]).toEqual([
      'ERR_FLAG_UNEXPECTED_ARGUMENT',
      "unexpected argument 'serve': this server takes flags only (--help lists them)",
    ]);
  });

  it("accepts the server's own flags and hands their values back", () => {
    const extra = [
      { name: 'root', value: 'DIR', description: 'serve files under DIR' },
      { name: 'read-only', description: 'refuse writes' },
    ];
    expect(parseRunFlags(['--root', '/srv', '--read-only'], extra).extra).toEqual({
      root: '/srv',
      'read-only': true,
    });
    expect(refusal(() => parseRunFlags(['--root'], extra)).code).toBe('ERR_FLAG_VALUE_MISSING');
  });
});

describe('parseHostList', () => {
  it('splits on commas and refuses URLs and empty lists, naming where the list came from', () => {
    expect(parseHostList(' a.lan ,b.lan:8080,, ', 'X')).toEqual(['a.lan', 'b.lan:8080']);
    expect(refusal(() => parseHostList(' , ', 'MCPFORGE_ALLOWED_HOSTS')).message).toMatch(
      /^MCPFORGE_ALLOWED_HOSTS needs at least one host name/,
    );
    expect(refusal(() => parseHostList('http://a.lan/', '--allowed-hosts')).message).toBe(
      "--allowed-hosts takes host names, not URLs: write 'a.lan' rather than 'http://a.lan/'",
    );
  });
});

describe('runUsage', () => {
  it("lists every flag run() takes, and the server's own", () => {
    const usage = runUsage('node main.js', [
      { name: 'root', value: 'DIR', description: 'serve files under DIR' },
    ]);
    expect(usage).toMatch(/^Usage: node main\.js \[flags\]\n/);
    for (const flag of RUN_FLAGS) expect(usage).toContain(`--${flag.name}`);
    expect(usage).toContain('--http [HOST:]PORT');
    expect(usage).toContain('--allowed-hosts HOST[,HOST...]');
    expect(usage).toMatch(/--root DIR +serve files under DIR/);
  });
});
