/**
 * Long, synchronous work written once as steps (a generator that yields between small units of
 * work) and run either to the end at once, or in slices that give the event loop back every few
 * milliseconds. Building a search index for thousands of tools takes about a second; run in
 * slices, it never holds up the requests of the other agents of the process for longer than one
 * slice.
 * @module
 */

/** Work that yields between units; its return value is the result. */
export type Steps<T> = Generator<void, T, void>;

/** How long one slice may run before the event loop gets a turn, by default. */
export const DEFAULT_SLICE_MS = 8;

/** Runs `steps` to the end now. */
export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/** Runs `steps` in slices of about `sliceMs`, each followed by a turn of the event loop. */
export async function runInSlices<T>(steps: Steps<T>, sliceMs = DEFAULT_SLICE_MS): Promise<T> {
  let sliceEnd = performance.now() + sliceMs;
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
    // A look at the clock per unit: a unit is a tool's worth of work, far more than a look.
    if (performance.now() < sliceEnd) continue;
    await new Promise<void>((resolve) => setImmediate(resolve));
    sliceEnd = performance.now() + sliceMs;
  }
}

/** Units of a loop over tiny items (map entries) run between two yields. */
export const SMALL_UNITS = 256;
