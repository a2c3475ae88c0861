import { expect, it } from 'vitest';
import { randomHex } from './random-hex.js';

it('hands out lowercase hex of the asked length, never the same bytes twice across pool refills', () => {
  const seen = new Set<string>();
  // 1,000 ids of 16 bytes span four refills of the 4 KiB pool.
  for (let i = 0; i < 1000; i++) {
    const id = randomHex(16);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    seen.add(id);
  }
  expect(seen.size).toBe(1000);
  expect(randomHex(8)).toMatch(/^[0-9a-f]{16}$/);
});
