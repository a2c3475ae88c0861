import type { CliIo } from './io.js';

/**
 * Progress of long work (an import of 1,000 operations, a migration) on stderr: a bar redrawn in
 * place when stderr is a terminal, and plain lines otherwise (a CI log, a pipe), at most one per
 * second and per 10 % so a log stays short; the last step always gets its line.
 * @module
 */

/** What a piece of long work reports as it goes. */
export interface Progress {
  /** `done` steps of `total` are finished (absolute, so a skipped report loses nothing). */
  update(done: number, detail?: string): void;
  /** One more step finished. */
  advance(detail?: string): void;
  /** The work ended: the bar is finished with `message` (or the count), a line printed otherwise. */
  finish(message?: string): void;
}

export interface ProgressOptions {
  /** What is being done, e.g. `importing operations`. */
  label: string;
  /** Steps in all, when known: a percentage and a bar then. */
  total?: number | undefined;
  /** The clock, for tests. */
  now?: (() => number) | undefined;
}

const BAR_WIDTH = 24;
/** Redraws closer together than this change nothing a person can read. */
const REDRAW_MS = 80;
const LINE_MS = 1000;

function counted(done: number, total: number | undefined): string {
  if (total === undefined || total <= 0) return `${done}`;
  return `${done}/${total} (${Math.floor((Math.min(done, total) / total) * 100)}%)`;
}

/** Starts reporting progress of `options.label` on `io`'s stderr. */
export function startProgress(io: Pick<CliIo, 'progress' | 'stderr'>, options: ProgressOptions): Progress {
  const now = options.now ?? Date.now;
  const total = options.total !== undefined && options.total > 0 ? options.total : undefined;
  const terminal = io.stderr?.isTTY === true ? io.stderr : undefined;
  let done = 0;
  let finished = false;
  let lastDraw = Number.NEGATIVE_INFINITY;
  // Work done within a second prints only its last line.
  let lastLineAt = now();
  let lastDecile = 0;

  const draw = (detail: string | undefined) => {
    if (terminal === undefined) return;
    const fraction = total === undefined ? undefined : Math.min(done, total) / total;
    const bar =
      fraction === undefined
        ? ''
        : `[${'#'.repeat(Math.round(fraction * BAR_WIDTH)).padEnd(BAR_WIDTH, '.')}] `;
    let text = `${options.label} ${bar}${counted(done, total)}${detail === undefined ? '' : ` ${detail}`}`;
    const columns = terminal.columns ?? 80;
    if (text.length > columns - 1) text = text.slice(0, Math.max(0, columns - 1));
    // \r back to the start, \x1b[K clears what a longer previous line left.
    terminal.write(`\r${text}\u001b[K`);
  };

  const report = (detail: string | undefined) => {
    if (finished) return;
    const at = now();
    if (terminal !== undefined) {
      if (at - lastDraw < REDRAW_MS && done !== total) return;
      lastDraw = at;
      draw(detail);
      return;
    }
    const decile = total === undefined ? 0 : Math.floor((Math.min(done, total) / total) * 10);
    if (at - lastLineAt < LINE_MS) return;
    if (total !== undefined && (decile <= lastDecile || done >= total)) return;
    lastLineAt = at;
    lastDecile = decile;
    io.progress(`${options.label}: ${counted(done, total)}${detail === undefined ? '' : ` ${detail}`}`);
  };

  return {
    update(value, detail) {
      done = Math.max(0, value);
      report(detail);
    },
    advance(detail) {
      done++;
      report(detail);
    },
    finish(message) {
      if (finished) return;
      finished = true;
      const text = message ?? `${options.label}: ${counted(done, total)}`;
      if (terminal === undefined) {
        io.progress(text);
        return;
      }
      terminal.write(`\r${text}\u001b[K\n`);
    },
  };
}
