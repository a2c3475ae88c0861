import { describe, expect, it } from 'vitest';
import { colourWanted, palette, stderrPalette, stdoutPalette, stripColour } from './colour.js';

describe('colour', () => {
  it.each([
    [{}, true, true],
    [{}, false, false],
    [{ NO_COLOR: '1' }, true, false],
    [{ NO_COLOR: 'false' }, true, false],
    [{ NO_COLOR: '' }, true, true],
  ])('env %j on a terminal=%s: colour %s', (env, isTTY, wanted) => {
    expect(colourWanted(env, isTTY)).toBe(wanted);
  });

  it('colours when enabled and returns text unchanged when not', () => {
    expect(palette(true).red('x')).toBe('\u001b[31mx\u001b[39m');
    expect(stripColour(palette(true).bold('x'))).toBe('x');
    expect(palette(false).red('x')).toBe('x');
  });

  it('reads the streams from the io: stdout not a terminal, or NO_COLOR, means none', () => {
    expect(stdoutPalette({ env: {}, stdoutIsTTY: false }).green('ok')).toBe('ok');
    expect(stdoutPalette({ env: {} }).green('ok')).toBe('ok');
    expect(stdoutPalette({ env: {}, stdoutIsTTY: true }).enabled).toBe(true);
    expect(stdoutPalette({ env: { NO_COLOR: 'yes' }, stdoutIsTTY: true }).enabled).toBe(false);
    expect(stderrPalette({ env: {}, stderr: { isTTY: true, write: () => undefined } }).enabled).toBe(true);
  });
});
