import { timingSafeEqual } from 'node:crypto';
import { GatewayError } from '../errors/gateway-error.js';
import type { Database, Unlisten } from '../store/database.js';
import {
  type ApiKey,
  type ApiKeyRow,
  findKeyBySha256,
  revokeKey,
  toApiKey,
  touchKeys,
} from './api-keys-table.js';
import { KEY_REVOKED_CHANNEL } from './key-events.js';
import { keyDigest, parseKey } from './key-format.js';
import {
  DEFAULT_UNKNOWN_KEY_ENTRIES,
  DEFAULT_UNKNOWN_KEY_TTL_MS,
  UnknownKeyCache,
} from './unknown-key-cache.js';

/**
 * Longest a verified key is trusted without asking the database again while a revocation
 * notice could be missed (before `start()`, or while node-postgres's listening connection is
 * down). This is the bound on how long a revoked key can still pass on another process then.
 */
export const MAX_KEY_CACHE_AGE_MS = 1000;
/**
 * Longest a verified key is trusted while revocations are heard by NOTIFY: a safety re-read,
 * not the revocation path (issue 26, point 3: a warm key used to be re-read every second).
 */
export const DEFAULT_KEY_CACHE_REFRESH_MS = 30_000;
/** Keys kept verified at once; beyond, the oldest entry goes (one extra lookup later). */
export const DEFAULT_KEY_CACHE_ENTRIES = 10_000;
/** How often `last_used_at` is written: it is for people, a few seconds of lag is fine. */
export const DEFAULT_LAST_USED_FLUSH_MS = 5000;

/** Options of {@link KeyVerifier}. */
export interface KeyVerifierOptions {
  /**
   * Trust while a revocation notice could be missed. Default and maximum
   * {@link MAX_KEY_CACHE_AGE_MS}; 0 asks the database on every request (and caches nothing).
   */
  maxCacheAgeMs?: number | undefined;
  /** Trust while revocations are heard. Default {@link DEFAULT_KEY_CACHE_REFRESH_MS}, at most 1 h. */
  cacheRefreshMs?: number | undefined;
  /** How long an unknown or revoked key is remembered as such. Default {@link DEFAULT_UNKNOWN_KEY_TTL_MS}, at most 60 s; 0 turns it off. */
  unknownKeyTtlMs?: number | undefined;
  /** Default {@link DEFAULT_UNKNOWN_KEY_ENTRIES}. */
  maxUnknownKeys?: number | undefined;
  /** Default {@link DEFAULT_KEY_CACHE_ENTRIES}. */
  maxCacheEntries?: number | undefined;
  /** Default {@link DEFAULT_LAST_USED_FLUSH_MS}. */
  lastUsedFlushMs?: number | undefined;
  /** The clock, in ms (tests). Default `performance.now`. */
  now?: (() => number) | undefined;
  /** Failures of background work (the `last_used_at` flush), which no request awaits. Default: ignored. */
  onBackgroundError?: ((error: unknown) => void) | undefined;
}

/** An active key, as a request that presented it is allowed to see it. */
export type VerifiedKey = Omit<ApiKey, 'revokedAt' | 'lastUsedAt'>;

interface CacheEntry {
  row: ApiKeyRow;
  fetchedAt: number;
  /** The row's hash as bytes, for the constant-time comparison. */
  hash: Buffer;
  /** What `verify` returns for it: built once per lookup, not once per request. */
  key: VerifiedKey;
}

/** Longer than any key (58 characters): such a token is refused before it is hashed. */
const MAX_TOKEN_LENGTH = 256;

function verifiedKey(row: ApiKeyRow): VerifiedKey {
  const { revokedAt: _revoked, lastUsedAt: _used, ...key } = toApiKey(row);
  Object.freeze(key.allowedOrigins);
  return Object.freeze(key);
}

function checkRange(
  name: string,
  value: number | undefined,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name}: must be an integer in ${min}..${max} (got ${String(value)})`);
  }
  return value;
}

function invalidKey(): GatewayError {
  // One answer for missing, malformed, unknown and revoked keys: nothing to probe with.
  return new GatewayError('key_invalid', 'the key is missing, unknown or revoked');
}

/**
 * Verifies presented keys against the database, with a small cache. A revocation on any
 * process reaches this one by LISTEN/NOTIFY at once, so while that subscription holds a
 * verified key is trusted for `cacheRefreshMs` (a safety re-read); while a notice could be
 * missed (before `start()`, or after the listening connection dropped, until it listens again
 * and every entry is dropped) only for `maxCacheAgeMs`. One lookup per key is in flight at a
 * time. An unknown or revoked key is remembered for `unknownKeyTtlMs`, so repeating it costs no
 * query. `revoke` also clears this process's cache before it returns. `last_used_at` is
 * written in batches, not once per request. Call `start()` before use and `close()` at shutdown.
 */
export class KeyVerifier {
  readonly #db: Database;
  readonly #maxAge: number;
  readonly #refreshMs: number;
  readonly #maxEntries: number;
  readonly #unknown: UnknownKeyCache;
  /** Whether every revocation is heard now (listening, and the connection has not dropped). */
  #subscribed = false;
  readonly #flushMs: number;
  readonly #now: () => number;
  readonly #onBackgroundError: (error: unknown) => void;
  readonly #cache = new Map<string, CacheEntry>();
  readonly #inFlight = new Map<string, Promise<CacheEntry | undefined>>();
  /** Last use of each key since the previous flush, in epoch ms (a Date is made only when written). */
  readonly #usedAt = new Map<string, number>();
  /** Bumped by every invalidation: a lookup that started before one does not fill the cache. */
  #epoch = 0;
  #unlisten: Unlisten | undefined;
  #flushTimer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();

  constructor(db: Database, options: KeyVerifierOptions = {}) {
    this.#db = db;
    this.#maxAge = checkRange(
      'maxCacheAgeMs',
      options.maxCacheAgeMs,
      0,
      MAX_KEY_CACHE_AGE_MS,
      MAX_KEY_CACHE_AGE_MS,
    );
    this.#refreshMs = checkRange(
      'cacheRefreshMs',
      options.cacheRefreshMs,
      1,
      3_600_000,
      DEFAULT_KEY_CACHE_REFRESH_MS,
    );
    this.#unknown = new UnknownKeyCache(
      checkRange('unknownKeyTtlMs', options.unknownKeyTtlMs, 0, 60_000, DEFAULT_UNKNOWN_KEY_TTL_MS),
      checkRange('maxUnknownKeys', options.maxUnknownKeys, 1, 10_000_000, DEFAULT_UNKNOWN_KEY_ENTRIES),
    );
    this.#maxEntries = checkRange(
      'maxCacheEntries',
      options.maxCacheEntries,
      1,
      10_000_000,
      DEFAULT_KEY_CACHE_ENTRIES,
    );
    this.#flushMs = checkRange(
      'lastUsedFlushMs',
      options.lastUsedFlushMs,
      1,
      3_600_000,
      DEFAULT_LAST_USED_FLUSH_MS,
    );
    this.#now = options.now ?? (() => performance.now());
    this.#onBackgroundError = options.onBackgroundError ?? (() => undefined);
  }

  /** Subscribes to revocations. */
  async start(): Promise<void> {
    this.#unlisten ??= await this.#db.listen(KEY_REVOKED_CHANNEL, (keyId) => this.invalidate(keyId), {
      onLost: () => {
        this.#subscribed = false;
      },
      onRestored: () => {
        // Revocations made while the connection was down were not heard: ask again for every key.
        this.#forgetAll();
        this.#subscribed = true;
      },
    });
    this.#subscribed = true;
  }

  /**
   * The active key `token` names.
   * @throws GatewayError `key_invalid` (401) for a missing, malformed, unknown or revoked key.
   */
  async verify(token: string | undefined): Promise<VerifiedKey> {
    if (token === undefined || token.length > MAX_TOKEN_LENGTH) throw invalidKey();
    const digest = keyDigest(token);
    const sha256 = digest.toString('hex');
    // The hot path: a key verified less than the cache age ago. Its hash names the very token
    // that passed parseKey then, so the check digit is not computed again.
    const cached = this.#cache.get(sha256);
    const now = this.#now();
    let entry: CacheEntry | undefined =
      cached !== undefined && now - cached.fetchedAt < (this.#subscribed ? this.#refreshMs : this.#maxAge)
        ? cached
        : undefined;
    if (entry === undefined) {
      if (parseKey(token) === undefined) throw invalidKey();
      if (this.#unknown.has(sha256, now)) throw invalidKey();
      entry = await this.#lookup(sha256);
    }
    if (entry === undefined || entry.row.revoked_at !== null) throw invalidKey();
    // The lookup matched on the hash; compare again in constant time so no code path
    // depends on how much of a hash matched.
    if (!timingSafeEqual(entry.hash, digest)) throw invalidKey();
    this.#markUsed(entry.row.id);
    return entry.key;
  }

  /** Revokes a key in the database; this process refuses it from the moment this resolves. */
  async revoke(keyId: string): Promise<ApiKey> {
    const key = await revokeKey(this.#db, keyId);
    this.invalidate(keyId);
    return key;
  }

  /** Forgets a key (by id) so its next use asks the database. */
  invalidate(keyId: string): void {
    this.#epoch += 1;
    for (const [sha256, entry] of this.#cache) if (entry.row.id === keyId) this.#cache.delete(sha256);
    // A lookup already running may have read the row before the revocation: later requests
    // must not join it (its own callers, which came before, still get its answer).
    this.#inFlight.clear();
  }

  /** Writes the pending `last_used_at` times now. */
  flush(): Promise<void> {
    clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    const batch = new Map<string, Date>();
    for (const [keyId, at] of this.#usedAt) batch.set(keyId, new Date(at));
    this.#usedAt.clear();
    // Chained so batches land in order; a failed batch (reported by its caller) does not stop the next.
    this.#flushing = this.#flushing.catch(() => undefined).then(() => touchKeys(this.#db, batch));
    return this.#flushing;
  }

  /** Stops listening and writes the pending `last_used_at` times. */
  async close(): Promise<void> {
    const unlisten = this.#unlisten;
    this.#unlisten = undefined;
    this.#subscribed = false;
    await unlisten?.();
    await this.flush();
    this.#cache.clear();
    this.#unknown.clear();
  }

  #forgetAll(): void {
    this.#epoch += 1;
    this.#cache.clear();
    this.#inFlight.clear();
  }

  /** Asks the database (joining a lookup of the same hash already running), then caches an active key. */
  async #lookup(sha256: string): Promise<CacheEntry | undefined> {
    const pending = this.#inFlight.get(sha256);
    if (pending !== undefined) return pending;
    const epoch = this.#epoch;
    const fetchedAt = this.#now();
    const lookup: Promise<CacheEntry | undefined> = findKeyBySha256(this.#db, sha256)
      .then((row) => (row === undefined ? undefined : this.#entry(row, fetchedAt)))
      .finally(() => {
        if (this.#inFlight.get(sha256) === lookup) this.#inFlight.delete(sha256);
      });
    this.#inFlight.set(sha256, lookup);
    const entry = await lookup;
    // Unknown, or revoked (which stays so): the next requests with it are refused without a query.
    if (entry === undefined || entry.row.revoked_at !== null) this.#unknown.add(sha256, fetchedAt);
    this.#cache.delete(sha256);
    if (entry !== undefined && entry.row.revoked_at === null && epoch === this.#epoch && this.#maxAge > 0) {
      this.#cache.set(sha256, entry);
      if (this.#cache.size > this.#maxEntries) this.#cache.delete(this.#cache.keys().next().value!);
    }
    return entry;
  }

  #entry(row: ApiKeyRow, fetchedAt: number): CacheEntry {
    return { row, fetchedAt, hash: Buffer.from(row.secret_sha256, 'hex'), key: verifiedKey(row) };
  }

  #markUsed(keyId: string): void {
    this.#usedAt.set(keyId, Date.now());
    if (this.#flushTimer !== undefined) return;
    this.#flushTimer = setTimeout(() => {
      this.#flushTimer = undefined;
      this.flush().catch(this.#onBackgroundError);
    }, this.#flushMs);
    this.#flushTimer.unref();
  }
}
