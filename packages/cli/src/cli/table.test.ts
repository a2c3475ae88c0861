import { describe, expect, it } from 'vitest';
import { shortTime, table } from './table.js';

describe('table', () => {
  it('aligns columns to the widest cell, without trailing spaces', () => {
    expect(
      table(
        ['SLUG', 'CREATED'],
        [
          ['default', 'x'],
          ['a', 'yy'],
        ],
      ),
    ).toBe('SLUG     CREATED\ndefault  x\na        yy');
    expect(table(['A', 'B'], [])).toBe('A  B');
  });

  it('shows times as minutes in UTC, and none as -', () => {
    expect(shortTime('2026-12-01T15:40:52.123Z')).toBe('2026-12-01 15:40');
    expect(shortTime(null)).toBe('-');
  });
});
