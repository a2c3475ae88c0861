/**
 * The `eventId`s seen lately (§9: hosts should drop a repeated push). Bounded: the oldest is
 * forgotten first, so a peer sending endless fresh ids costs at most `limit` entries.
 */
export class RecentIds {
  readonly #ids = new Set<string>();
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** True when `id` is new (and remembers it), false for a repeat. */
  add(id: string): boolean {
    if (this.#ids.has(id)) return false;
    this.#ids.add(id);
    if (this.#ids.size > this.#limit) {
      const oldest = this.#ids.values().next().value as string;
      this.#ids.delete(oldest);
    }
    return true;
  }
}
