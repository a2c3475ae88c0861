import { describe, expect, it } from 'vitest';
import { createServer } from '../server/mcp-server.js';
import { createLogger } from './logger.js';
import { type RunTransport, run } from './run.js';

const quietLogger = createLogger({ name: 'run-test', level: 'silent', env: {} });

describe('run', () => {
  it('answers --health without building the server', async () => {
    let built = false;
    const exits: number[] = [];
    await run(
      () => {
        built = true;
        return createServer({ name: 'x', version: '1' });
      },
      { argv: ['node', 'main.js', '--health'], exit: (code) => exits.push(code), logger: quietLogger },
    );
    expect(built).toBe(false);
    expect(exits).toEqual([0]);
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
});
