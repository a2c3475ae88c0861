/**
 * A token bucket per key, in memory: each key may burst `burst` requests and then
 * `perSecond` a second. Exact per process; exact across processes comes with the
 * multi-replica work.
 */
export class RateLimiter {
  readonly #perMs: number;
  readonly #burst: number;
  readonly #maxKeys: number;
  readonly #now: () => number;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    perSecond: number,
    burst: number,
    maxKeys: number,
    now: () => number = () => performance.now(),
  ) {
    this.#perMs = perSecond / 1000;
    this.#burst = burst;
    this.#maxKeys = maxKeys;
    this.#now = now;
  }

  /** Takes one token of `key`: 0 when it was there, else the ms until one will be. */
  take(key: string): number {
    const now = this.#now();
    let bucket = this.#buckets.get(key);
    if (bucket === undefined) {
      // The oldest bucket goes first; a forgotten key starts full again, which only favours it.
      if (this.#buckets.size >= this.#maxKeys) this.#buckets.delete(this.#buckets.keys().next().value!);
      bucket = { tokens: this.#burst, at: now };
      this.#buckets.set(key, bucket);
    } else {
      bucket.tokens = Math.min(this.#burst, bucket.tokens + (now - bucket.at) * this.#perMs);
      bucket.at = now;
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) / this.#perMs);
  }
}
