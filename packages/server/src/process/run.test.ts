import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServer } from '../server/mcp-server.js';
import { createLogger } from './logger.js';
import { type RunTransport, run } from './run.js';

const quietLogger = createLogger({ name: 'run-test', level: 'silent', env: {} });

/** A logger writing JSON lines to a temp file, and a reader of its lines. */
function fileLogger() {
  const dir = mkdtempSync(join(tmpdir(), 'mcpforge-run-'));
  const file = join(dir, 'log.jsonl');
  const logger = createLogger({ name: 'run-test', env: {}, fd: openSync(file, 'w') });
  return {
    logger,
    lines: () =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as { msg: string; level?: string; err?: { message: string } }),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

describe('run', () => {
  it('answers --health without building the server', async () => {
    let built = false;
    const exits: number[] = [];
    const printed: string[] = [];
    await run(
      () => {
        built = true;
        return createServer({ name: 'x', version: '1' });
      },
      {
        argv: ['node', 'main.js', '--health'],
        exit: (code) => exits.push(code),
        logger: quietLogger,
        io: { stdout: { write: (text: string) => printed.push(text) } },
      },
    );
    expect(built).toBe(false);
    expect(exits).toEqual([0]);
    expect(printed).toEqual(['ok\n']);
  });

  it("--help prints the flags (the server's own too) without building, and exits 0", async () => {
    let built = false;
    const exits: number[] = [];
    const printed: string[] = [];
    await run(
      () => {
        built = true;
        return createServer({ name: 'x', version: '1' });
      },
      {
        argv: ['node', 'main.js', '--help'],
        exit: (code) => exits.push(code),
        logger: quietLogger,
        flags: [{ name: 'root', value: 'DIR', description: 'serve files under DIR' }],
        io: { stdout: { write: (text: string) => printed.push(text) } },
      },
    );
    expect([built, exits]).toEqual([false, [0]]);
    expect(printed.join('')).toMatch(/--http \[HOST:\]PORT[\s\S]*--root DIR +serve files under DIR/);
  });

  it('a bad flag exits 2 with the message on stderr, before building', async () => {
    let built = false;
    const exits: number[] = [];
    const errors: string[] = [];
    await run(
      () => {
        built = true;
        return createServer({ name: 'x', version: '1' });
      },
      {
        name: 'demo',
        argv: ['node', 'main.js', '--http', 'foo'],
        exit: (code) => exits.push(code),
        logger: quietLogger,
        io: { stderr: { write: (text: string) => errors.push(text) } },
      },
    );
    expect([built, exits]).toEqual([false, [2]]);
    expect(errors).toEqual([
      "demo: --http expects [HOST:]PORT, e.g. --http 3000 or --http 0.0.0.0:8080; got 'foo' (the port must be a number from 0 to 65535)\n",
    ]);
  });

  it("gives build the parsed flags: --config and the server's own", async () => {
    let seen: unknown;
    await run(
      ({ flags }) => {
        seen = { config: flags.config, extra: flags.extra };
        throw new Error('stop here');
      },
      {
        argv: ['node', 'main.js', '-config', 'c.json', '--root=/srv'],
        flags: [{ name: 'root', value: 'DIR', description: 'serve files under DIR' }],
        exit: () => {},
        logger: quietLogger,
      },
    );
    expect(seen).toEqual({ config: 'c.json', extra: { root: '/srv' } });
  });

  it('a transport that fails (closed rejects) is logged with its message and exits 1', async () => {
    const log = fileLogger();
    try {
      const exits: number[] = [];
      const calls: string[] = [];
      await run(() => createServer({ name: 'x', version: '1' }), {
        argv: ['node', 'main.js'],
        handleSignals: false,
        logger: log.logger,
        exit: (code) => exits.push(code),
        transport: () => ({
          closed: Promise.reject(
            Object.assign(new Error('port 127.0.0.1:3000 is already in use'), { code: 'X' }),
          ),
          async shutdown() {
            calls.push('shutdown');
          },
        }),
        onShutdown: ({ reason }) => void calls.push(reason),
      });
      expect(exits).toEqual([1]);
      expect(calls).toEqual(['shutdown', 'transport failed']);
      expect(log.lines().find((line) => line.msg.startsWith('port'))).toMatchObject({
        level: 'fatal',
        msg: 'port 127.0.0.1:3000 is already in use',
        code: 'X',
      });
    } finally {
      log.remove();
    }
  });

  it('exits 1 when the server cannot be built', async () => {
    const exits: number[] = [];
    await run(
      () => {
        throw new Error('bad config');
      },
      { argv: ['node', 'main.js'], exit: (code) => exits.push(code), logger: quietLogger },
    );
    expect(exits).toEqual([1]);
  });

  it('builds once, serves through the transport, and shuts it down with the grace period when it closes', async () => {
    const exits: number[] = [];
    const calls: string[] = [];
    let builds = 0;
    let closeInput: () => void = () => {};
    const done = run(
      () => {
        builds++;
        return createServer({ name: 'x', version: '1' });
      },
      {
        argv: ['node', 'main.js'],
        graceMs: 1234,
        handleSignals: false,
        exit: (code) => exits.push(code),
        logger: quietLogger,
        transport: (server, context): RunTransport => {
          calls.push(`start ${server.name} ${context.graceMs}`);
          return {
            closed: new Promise<void>((resolve) => {
              closeInput = resolve;
            }),
            async shutdown(graceMs) {
              calls.push(`shutdown ${graceMs}`);
            },
          };
        },
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(exits).toEqual([]);
    closeInput();
    await done;
    expect(builds).toBe(1);
    expect(calls).toEqual(['start x 1234', 'shutdown 1234']);
    expect(exits).toEqual([0]);
  });

  it('shuts down on SIGTERM', async () => {
    const exits: number[] = [];
    let shutdowns = 0;
    const done = run(() => createServer({ name: 'x', version: '1' }), {
      argv: ['node', 'main.js'],
      exit: (code) => exits.push(code),
      logger: quietLogger,
      transport: () => ({
        closed: new Promise<void>(() => {}),
        async shutdown() {
          shutdowns++;
        },
      }),
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.emit('SIGTERM');
    await done;
    expect([shutdowns, exits]).toEqual([1, [0]]);
    expect(process.listenerCount('SIGTERM')).toBe(0);
  });

  describe('onShutdown', () => {
    /** A transport whose input closes when the returned function is called. */
    function closingTransport(calls: string[]) {
      let closeInput: () => void = () => {};
      const transport = (): RunTransport => ({
        closed: new Promise<void>((resolve) => {
          closeInput = resolve;
        }),
        async shutdown() {
          calls.push('transport shutdown');
        },
      });
      return { transport, close: () => closeInput() };
    }

    it('is awaited after the transport stopped and before the exit', async () => {
      const calls: string[] = [];
      const input = closingTransport(calls);
      const done = run(() => createServer({ name: 'x', version: '1' }), {
        argv: ['node', 'main.js'],
        handleSignals: false,
        logger: quietLogger,
        transport: input.transport,
        exit: (code) => calls.push(`exit ${code}`),
        onShutdown: async ({ reason, signal }) => {
          calls.push(`hook ${reason} aborted=${signal.aborted}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
          calls.push('hook done');
        },
      });
      await new Promise((resolve) => setTimeout(resolve, 10));
      input.close();
      await done;
      expect(calls).toEqual(['transport shutdown', 'hook input closed aborted=false', 'hook done', 'exit 0']);
    });

    it('logs a failing hook and still exits', async () => {
      const log = fileLogger();
      try {
        const calls: string[] = [];
        const input = closingTransport(calls);
        const done = run(() => createServer({ name: 'x', version: '1' }), {
          argv: ['node', 'main.js'],
          handleSignals: false,
          logger: log.logger,
          transport: input.transport,
          exit: (code) => calls.push(`exit ${code}`),
          onShutdown: () => {
            throw new Error('database refused to close');
          },
        });
        await new Promise((resolve) => setTimeout(resolve, 10));
        input.close();
        await done;
        expect(calls).toEqual(['transport shutdown', 'exit 0']);
        const failed = log.lines().find((line) => line.msg === 'onShutdown failed');
        expect(failed?.err?.message).toBe('database refused to close');
      } finally {
        log.remove();
      }
    });

    it('never holds the exit past the grace period: the signal aborts and the process exits', async () => {
      const log = fileLogger();
      try {
        const calls: string[] = [];
        const input = closingTransport(calls);
        let hookSignal: AbortSignal | undefined;
        const done = run(() => createServer({ name: 'x', version: '1' }), {
          argv: ['node', 'main.js'],
          handleSignals: false,
          graceMs: 50,
          logger: log.logger,
          transport: input.transport,
          exit: (code) => calls.push(`exit ${code}`),
          onShutdown: ({ signal }) => {
            hookSignal = signal;
            return new Promise<void>(() => {}); // never settles
          },
        });
        await new Promise((resolve) => setTimeout(resolve, 10));
        input.close();
        await done;
        expect(calls).toEqual(['transport shutdown', 'exit 0']);
        expect(hookSignal?.aborted).toBe(true);
        expect(log.lines().map((line) => line.msg)).toContain(
          'onShutdown did not finish within the grace period; exiting anyway',
        );
      } finally {
        log.remove();
      }
    });

    it('is not called when the server could not be built', async () => {
      let called = false;
      await run(
        () => {
          throw new Error('bad config');
        },
        {
          argv: ['node', 'main.js'],
          logger: quietLogger,
          exit: () => {},
          onShutdown: () => {
            called = true;
          },
        },
      );
      expect(called).toBe(false);
    });
  });
});
