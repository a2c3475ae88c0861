/**
 * Per-principal and per-group bounds on legacy sessions, so one caller's churn evicts only its
 * own sessions: the store's global LRU would otherwise let one key push out every other
 * tenant's idle session (issue 19, point 3). Kept beside the store rather than in it, so it
 * holds for a custom {@link SessionStore} too, and so a principal's sessions can be closed at
 * once (a revoked key).
 * @module
 */

/** What the quotas need of a session. */
export interface QuotaMember {
  readonly principal: string | undefined;
  /** Recency stamp: larger is more recently used. */
  readonly lastUsed: number;
}

/** Default sessions one principal (an authenticated caller) may hold: far more than a client opens. */
export const DEFAULT_MAX_SESSIONS_PER_PRINCIPAL = 1_000;

/** Sessions counted per principal and per group; the least recently used of a full one goes. */
export class SessionQuotas<T extends QuotaMember> {
  readonly #byPrincipal = new Map<string, Set<T>>();
  readonly #byGroup = new Map<string, Set<T>>();
  readonly #groupOf: ((session: T) => string | undefined) | undefined;
  readonly #groups = new WeakMap<T, string>();
  readonly #perPrincipal: number;
  readonly #perGroup: number;

  constructor(
    perPrincipal: number,
    perGroup: number,
    groupOf: ((session: T) => string | undefined) | undefined,
  ) {
    this.#perPrincipal = perPrincipal;
    this.#perGroup = perGroup;
    this.#groupOf = groupOf;
  }

  /**
   * Counts `session` in, and returns the sessions of its own principal and group to close so
   * that both stay within their bounds (the least recently used first, never `session`).
   */
  add(session: T): T[] {
    const evicted: T[] = [];
    const principal = session.principal;
    if (principal !== undefined) {
      for (const old of join(this.#byPrincipal, principal, session, this.#perPrincipal)) {
        this.remove(old);
        evicted.push(old);
      }
    }
    const group = this.#groupOf?.(session);
    if (group !== undefined) {
      this.#groups.set(session, group);
      for (const old of join(this.#byGroup, group, session, this.#perGroup)) {
        this.remove(old);
        evicted.push(old);
      }
    }
    return evicted;
  }

  /** Forgets a session that ended. */
  remove(session: T): void {
    const principal = session.principal;
    if (principal !== undefined) leave(this.#byPrincipal, principal, session);
    const group = this.#groups.get(session);
    if (group !== undefined) leave(this.#byGroup, group, session);
  }

  /** The sessions `principal` holds (a copy: closing them changes the count). */
  of(principal: string): T[] {
    const sessions = this.#byPrincipal.get(principal);
    return sessions === undefined ? [] : [...sessions];
  }

  /** The principals holding sessions now. */
  principals(): IterableIterator<string> {
    return this.#byPrincipal.keys();
  }

  /** Sessions counted for `principal` (for tests and metrics). */
  countOf(principal: string): number {
    return this.#byPrincipal.get(principal)?.size ?? 0;
  }
}

/** Adds `session` to `name`'s set, and returns the members taken out to keep it within `max`. */
function join<T extends QuotaMember>(index: Map<string, Set<T>>, name: string, session: T, max: number): T[] {
  const evicted: T[] = [];
  let members = index.get(name);
  if (members === undefined) {
    members = new Set();
    index.set(name, members);
  }
  // A full set gives up its least recently used member: a scan of at most `max` sessions, paid
  // only when a caller opens more than its quota.
  while (members.size >= max) {
    let oldest: T | undefined;
    for (const member of members)
      if (oldest === undefined || member.lastUsed < oldest.lastUsed) oldest = member;
    if (oldest === undefined) break;
    members.delete(oldest);
    evicted.push(oldest);
  }
  members.add(session);
  return evicted;
}

function leave<T>(index: Map<string, Set<T>>, name: string, session: T): void {
  const members = index.get(name);
  if (members === undefined) return;
  members.delete(session);
  if (members.size === 0) index.delete(name);
}
