/**
 * @module
 * The fuzz property both transports run: a long-lived server process gets one arbitrary message
 * after another; each must be answered validly (or not at all, when JSON-RPC says so), the
 * process must live, still serve a normal call at the end, and its heap must stay bounded.
 * `FUZZ_RUNS` sets the number of messages (`npm run fuzz` runs many), `FUZZ_SEED` replays a run.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FuzzPeer } from './fuzz-peer.js';
import { type FuzzMessage, fuzzMessage, render } from './messages.js';
import { regressions } from './regressions.js';

/** Messages per transport in `npm test`: a few seconds over stdio, about ten over HTTP. */
const DEFAULT_RUNS = 800;

/**
 * Heap growth allowed over a run, after a full GC. Sessions, caches and stores the server keeps
 * by design are bounded well under this; the defects this guards against grew by hundreds of MB.
 */
const MAX_HEAP_GROWTH_BYTES = 64 * 1024 * 1024;

function runs(): number {
  const value = Number(process.env['FUZZ_RUNS'] ?? DEFAULT_RUNS);
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`FUZZ_RUNS must be a positive integer, got ${process.env['FUZZ_RUNS']}`);
  return value;
}

/** `{ seed }` from `FUZZ_SEED` (the seed a failed run printed), else nothing: a fresh seed. */
function seed(): { seed: number } | Record<string, never> {
  const value = process.env['FUZZ_SEED'];
  return value === undefined ? {} : { seed: Number(value) };
}

/** A message printed by its start, so a failure report is not half a megabyte long. */
function printable(message: FuzzMessage): FuzzMessage {
  const preview =
    message.text.length > 300
      ? `${message.text.slice(0, 300)}… (${message.text.length} chars)`
      : message.text;
  return Object.assign({ ...message }, { [fc.toStringMethod]: () => `${message.kind}: ${preview}` });
}

export function describeFuzz(transport: string, start: () => Promise<FuzzPeer>): void {
  const numRuns = runs();
  describe(`fuzz over ${transport}`, () => {
    let peer: FuzzPeer;
    beforeAll(async () => {
      peer = await start();
    }, 30_000);
    afterAll(() => peer?.close());

    it(
      'answers every message validly (or not at all), stays alive, serves on, and keeps its heap bounded',
      async () => {
        const before = await peer.memory();
        let sequence = 0;
        await fc.assert(
          fc.asyncProperty(fuzzMessage.map(printable), async (message) => {
            const problems = await peer.exchange(render(message, ++sequence), message.copies);
            if (problems.length > 0) {
              throw new Error(
                `${problems.join('\n')}\n--- server stderr (end) ---\n${peer.stderrTail().slice(-2000)}`,
              );
            }
          }),
          { numRuns, ...seed(), examples: regressions.map((message) => [printable(message)]) },
        );
        expect(peer.exited()).toBeUndefined();
        expect(await peer.echo('still here')).toBe('still here');
        const after = await peer.memory();
        const growth = after.heapUsed - before.heapUsed;
        expect(growth, `heap after GC grew by ${(growth / 2 ** 20).toFixed(1)} MiB`).toBeLessThan(
          MAX_HEAP_GROWTH_BYTES,
        );
      },
      60_000 + numRuns * 500,
    );
  });
}
