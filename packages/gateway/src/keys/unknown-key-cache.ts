/**
 * Hashes of well-formed keys the database did not know (or knew as revoked), remembered for a
 * short time so a client repeating a forged or revoked key costs one lookup per
 * {@link DEFAULT_UNKNOWN_KEY_TTL_MS}, not one per request (issue 19, point 5). Bounded: beyond
 * `maxEntries` the oldest is forgotten (one extra lookup later).
 *
 * It can hide a key created afterwards for at most the TTL, and only if that key's exact value
 * was presented before it existed: a new key's value is 256 random bits, so no client can have
 * sent it earlier. A revoked key stays revoked, so remembering one is always right.
 * @module
 */

/** How long an unknown key's hash is remembered. */
export const DEFAULT_UNKNOWN_KEY_TTL_MS = 5_000;
/** Unknown hashes remembered at once. */
export const DEFAULT_UNKNOWN_KEY_ENTRIES = 10_000;

/** Remembered unknown key hashes, each until its expiry. */
export class UnknownKeyCache {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  /** Hash → expiry, oldest first. */
  readonly #expiries = new Map<string, number>();

  constructor(ttlMs: number = DEFAULT_UNKNOWN_KEY_TTL_MS, maxEntries: number = DEFAULT_UNKNOWN_KEY_ENTRIES) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  /** Whether `sha256` was found unknown less than the TTL before `now`. */
  has(sha256: string, now: number): boolean {
    const expiry = this.#expiries.get(sha256);
    if (expiry === undefined) return false;
    if (now < expiry) return true;
    this.#expiries.delete(sha256);
    return false;
  }

  /** Remembers `sha256` as unknown from `since` (when the lookup that said so started). */
  add(sha256: string, since: number): void {
    if (this.#ttlMs === 0) return;
    this.#expiries.delete(sha256);
    this.#expiries.set(sha256, since + this.#ttlMs);
    if (this.#expiries.size > this.#maxEntries) this.#expiries.delete(this.#expiries.keys().next().value!);
  }

  /** How many hashes are remembered (expired ones included until looked at or pushed out). */
  get size(): number {
    return this.#expiries.size;
  }

  clear(): void {
    this.#expiries.clear();
  }
}
