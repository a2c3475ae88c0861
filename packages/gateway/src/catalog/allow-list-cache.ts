import type { Database, Unlisten } from '../store/database.js';
import { ALLOW_LIST_CHANGED_CHANNEL, onLocalAllowListChange } from './allow-list-events.js';
import { type UpstreamHost, upstreamHostsOf } from './upstream-hosts-table.js';

/**
 * Each workspace's upstream allow-list, for the executor's every call (issue 19, point 10;
 * issue 26, point 3). A change is announced by NOTIFY (see `allow-list-events.ts`), so an entry
 * is trusted until told otherwise, re-read only as a safety net every
 * {@link DEFAULT_ALLOW_LIST_REFRESH_MS}; while notifications may be lost (before `start()`,
 * or while node-postgres's listening connection is down) an entry is trusted only
 * `unsubscribedRefreshMs`, and every entry is dropped when listening resumes. One read per
 * workspace is in flight at a time: concurrent calls share it. A change made on this process
 * through the same database handle is forgotten before the change's function returns.
 * @module
 */

/** Safety re-read of a workspace's allow-list while changes are heard by NOTIFY. */
export const DEFAULT_ALLOW_LIST_REFRESH_MS = 60_000;
/** Re-read while changes may go unheard: the catalog refresh interval. */
export const DEFAULT_UNSUBSCRIBED_REFRESH_MS = 5_000;
/** Workspaces kept at once; beyond, the least recently read goes (one extra read later). */
export const DEFAULT_ALLOW_LIST_CACHE_ENTRIES = 10_000;

/** Options of {@link AllowListCache}. */
export interface AllowListCacheOptions {
  /** @default DEFAULT_ALLOW_LIST_REFRESH_MS (60 s) */
  refreshMs?: number | undefined;
  /** @default DEFAULT_UNSUBSCRIBED_REFRESH_MS (5 s) */
  unsubscribedRefreshMs?: number | undefined;
  /** @default DEFAULT_ALLOW_LIST_CACHE_ENTRIES (10,000) */
  maxEntries?: number | undefined;
  /** The clock, in ms (tests). Default `performance.now`. */
  now?: (() => number) | undefined;
}

interface Entry {
  hosts: UpstreamHost[];
  /** When the read that filled it started. */
  readAt: number;
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`AllowListCache: ${name} must be a positive integer (got ${String(value)})`);
  }
  return value;
}

/** The allow-lists of the workspaces a process calls into. `start()` before use, `close()` at shutdown. */
export class AllowListCache {
  readonly #db: Database;
  readonly #refreshMs: number;
  readonly #unsubscribedRefreshMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, Entry>();
  readonly #inFlight = new Map<string, Promise<UpstreamHost[]>>();
  /** Bumped by every change heard: a read that started before one does not fill the cache. */
  #epoch = 0;
  /** Whether every change is heard now (listening, and the connection has not dropped). */
  #subscribed = false;
  #unlisten: Unlisten | undefined;
  #unregister: (() => void) | undefined;

  constructor(db: Database, options: AllowListCacheOptions = {}) {
    this.#db = db;
    this.#refreshMs = positive('refreshMs', options.refreshMs, DEFAULT_ALLOW_LIST_REFRESH_MS);
    this.#unsubscribedRefreshMs = positive(
      'unsubscribedRefreshMs',
      options.unsubscribedRefreshMs,
      DEFAULT_UNSUBSCRIBED_REFRESH_MS,
    );
    this.#maxEntries = positive('maxEntries', options.maxEntries, DEFAULT_ALLOW_LIST_CACHE_ENTRIES);
    this.#now = options.now ?? (() => performance.now());
  }

  /** Subscribes to changes, from every process (NOTIFY) and from this one (at once). */
  async start(): Promise<void> {
    this.#unregister ??= onLocalAllowListChange(this.#db, (workspaceId) => this.invalidate(workspaceId));
    this.#unlisten ??= await this.#db.listen(
      ALLOW_LIST_CHANGED_CHANNEL,
      (workspaceId) => this.invalidate(workspaceId),
      {
        onLost: () => {
          this.#subscribed = false;
        },
        onRestored: () => {
          this.#forgetAll();
          this.#subscribed = true;
        },
      },
    );
    this.#subscribed = true;
  }

  /** The allow-list of `workspaceId`: the cached one, or a read (shared with concurrent calls). */
  lookup(workspaceId: string): UpstreamHost[] | Promise<UpstreamHost[]> {
    const entry = this.#entries.get(workspaceId);
    const now = this.#now();
    const maxAge = this.#subscribed ? this.#refreshMs : this.#unsubscribedRefreshMs;
    if (entry !== undefined && now - entry.readAt < maxAge) return entry.hosts;
    const pending = this.#inFlight.get(workspaceId);
    if (pending !== undefined) return pending;
    const epoch = this.#epoch;
    const read: Promise<UpstreamHost[]> = upstreamHostsOf(this.#db, workspaceId)
      .then((hosts) => {
        if (epoch === this.#epoch) {
          this.#entries.delete(workspaceId);
          this.#entries.set(workspaceId, { hosts, readAt: now });
          if (this.#entries.size > this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
        }
        return hosts;
      })
      .finally(() => {
        if (this.#inFlight.get(workspaceId) === read) this.#inFlight.delete(workspaceId);
      });
    this.#inFlight.set(workspaceId, read);
    return read;
  }

  /** Forgets `workspaceId`'s list: the next call reads it again, without joining a read already running. */
  invalidate(workspaceId: string): void {
    this.#epoch += 1;
    this.#entries.delete(workspaceId);
    this.#inFlight.delete(workspaceId);
  }

  /** Stops listening. */
  async close(): Promise<void> {
    this.#unregister?.();
    this.#unregister = undefined;
    const unlisten = this.#unlisten;
    this.#unlisten = undefined;
    this.#subscribed = false;
    await unlisten?.();
    this.#forgetAll();
  }

  #forgetAll(): void {
    this.#epoch += 1;
    this.#entries.clear();
    this.#inFlight.clear();
  }
}
