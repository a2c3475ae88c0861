import { expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter.js';

it('a key bursts up to its budget, then waits for the refill; the wait is what the refill needs', () => {
  let now = 0;
  const limiter = new RateLimiter(2, 3, 10, () => now);
  expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
  expect(limiter.take('a')).toBe(500);
  expect(limiter.take('b')).toBe(0);
  now = 500;
  expect(limiter.take('a')).toBe(0);
  expect(limiter.take('a')).toBe(500);
  now = 10_000;
  expect([limiter.take('a'), limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([
    0, 0, 0, 500,
  ]);
});

it('keeps at most maxKeys buckets', () => {
  const limiter = new RateLimiter(1, 1, 2, () => 0);
  expect(limiter.take('a')).toBe(0);
  expect(limiter.take('b')).toBe(0);
  expect(limiter.take('c')).toBe(0);
  // 'a' was forgotten and starts full again.
  expect(limiter.take('a')).toBe(0);
  expect(limiter.take('c')).toBe(1000);
});
