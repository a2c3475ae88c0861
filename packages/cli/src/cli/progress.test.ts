import { describe, expect, it } from 'vitest';
import { startProgress } from './progress.js';

function plain() {
  const lines: string[] = [];
  return { lines, io: { progress: (line: string) => lines.push(line) } };
}

function terminal(columns = 80) {
  let written = '';
  const io = {
    progress: () => {
      throw new Error('a terminal gets the bar, not lines');
    },
    stderr: { isTTY: true, columns, write: (text: string) => (written += text) },
  };
  return { io, written: () => written };
}

describe('startProgress', () => {
  it('without a terminal prints at most one line per 10 % and per second, and always the last', () => {
    const { lines, io } = plain();
    let clock = 0;
    const progress = startProgress(io, { label: 'importing', total: 1000, now: () => clock });
    for (let done = 1; done <= 1000; done++) {
      clock += 20; // 1000 steps in 20 s: the 10 % steps decide
      progress.update(done);
    }
    progress.finish('imported 1000 operations');
    expect(lines[0]).toBe('importing: 100/1000 (10%)');
    expect(lines).toHaveLength(10);
    expect(lines.at(-1)).toBe('imported 1000 operations');
  });

  it('fast work gets fewer lines: one a second at most', () => {
    const { lines, io } = plain();
    let clock = 0;
    const progress = startProgress(io, { label: 'importing', total: 1000, now: () => clock });
    for (let done = 1; done <= 1000; done++) {
      clock += 2; // 2 s in all
      progress.advance();
    }
    progress.finish();
    expect(lines).toEqual(['importing: 500/1000 (50%)', 'importing: 1000/1000 (100%)']);
  });

  it('without a total counts, one line a second', () => {
    const { lines, io } = plain();
    let clock = 0;
    const progress = startProgress(io, { label: 'reading', now: () => clock });
    for (let step = 0; step < 30; step++) {
      clock += 100;
      progress.advance();
    }
    expect(lines).toEqual(['reading: 10', 'reading: 20', 'reading: 30']);
  });

  it('on a terminal redraws one bar in place and ends it with a newline', () => {
    const out = terminal();
    let clock = 0;
    const progress = startProgress(out.io, { label: 'importing', total: 4, now: () => clock });
    for (let done = 1; done <= 4; done++) {
      clock += 100;
      progress.update(done, `op${done}`);
    }
    progress.finish('done');
    const frames = out
      .written()
      .split('\r')
      .filter((frame) => frame !== '');
    expect(frames[0]).toBe(`importing [${'#'.repeat(6)}${'.'.repeat(18)}] 1/4 (25%) op1\u001b[K`);
    expect(frames[3]).toBe(`importing [${'#'.repeat(24)}] 4/4 (100%) op4\u001b[K`);
    expect(frames.at(-1)).toBe('done\u001b[K\n');
    expect(out.written()).not.toContain('\n\r');
  });

  it('keeps a frame within the terminal width, and redraws at most every 80 ms', () => {
    const out = terminal(20);
    let clock = 1000;
    const progress = startProgress(out.io, { label: 'a long label here', total: 100, now: () => clock });
    progress.update(1);
    progress.update(2); // same instant: skipped
    clock += 100;
    progress.update(3);
    const frames = out
      .written()
      .split('\r')
      .filter((frame) => frame !== '');
    expect(frames).toHaveLength(2);
    for (const frame of frames) expect(frame.replace('\u001b[K', '').length).toBeLessThanOrEqual(19);
  });
});
