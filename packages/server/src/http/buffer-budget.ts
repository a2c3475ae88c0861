/**
 * A bound on the answer bytes held for clients that do not read them, per principal and in
 * total. Each stream is already bounded (`maxStreamBufferBytes`, `sendTimeoutMs`), but 150
 * clients that never read held 348 MiB between them for the send timeout (issue 19, point 5):
 * so the bytes every response holds unread (queued by the paced writer, buffered by node) are
 * counted, and a response whose client is not keeping up is dropped once its principal's or
 * everyone's total is past the bound. Responses that keep up are never dropped.
 * @module
 */

/** Default unread answer bytes of all clients together: a fixed cost, whatever they do. */
export const DEFAULT_MAX_BUFFERED_BYTES = 64 * 1024 * 1024;
/** Default unread answer bytes of one principal: two streams' worth of `maxStreamBufferBytes`. */
export const DEFAULT_MAX_BUFFERED_BYTES_PER_PRINCIPAL = 16 * 1024 * 1024;

/** The unread bytes one response holds, counted in its {@link BufferBudget}. */
export interface BufferCharge {
  /**
   * Sets the bytes this response holds unread now; false when its principal's or the total is
   * then past its bound.
   */
  set(bytes: number): boolean;
  /** The response is over: it holds nothing. */
  release(): void;
}

const FREE: BufferCharge = Object.freeze({ set: () => true, release: () => undefined });

/** Unread answer bytes per principal and in total (the node front end's responses). */
export class BufferBudget {
  readonly #maxTotal: number;
  readonly #maxPerPrincipal: number;
  readonly #byPrincipal = new Map<string, number>();
  #total = 0;

  constructor(
    maxTotal = DEFAULT_MAX_BUFFERED_BYTES,
    maxPerPrincipal = DEFAULT_MAX_BUFFERED_BYTES_PER_PRINCIPAL,
  ) {
    this.#maxTotal = maxTotal;
    this.#maxPerPrincipal = maxPerPrincipal;
  }

  /** Unread bytes held in total. */
  get total(): number {
    return this.#total;
  }

  /** Unread bytes held for `principal`. */
  of(principal: string): number {
    return this.#byPrincipal.get(principal) ?? 0;
  }

  /** A charge for one response of `principal` (undefined: counted in the total only). */
  open(principal: string | undefined): BufferCharge {
    if (this.#maxTotal === Number.POSITIVE_INFINITY && this.#maxPerPrincipal === Number.POSITIVE_INFINITY) {
      return FREE;
    }
    let held = 0;
    const budget = this;
    return {
      set(bytes) {
        const delta = bytes - held;
        held = bytes;
        return budget.#add(principal, delta);
      },
      release() {
        if (held === 0) return;
        budget.#add(principal, -held);
        held = 0;
      },
    };
  }

  #add(principal: string | undefined, delta: number): boolean {
    this.#total += delta;
    if (principal === undefined) return this.#total <= this.#maxTotal;
    const mine = (this.#byPrincipal.get(principal) ?? 0) + delta;
    if (mine <= 0) this.#byPrincipal.delete(principal);
    else this.#byPrincipal.set(principal, mine);
    return this.#total <= this.#maxTotal && mine <= this.#maxPerPrincipal;
  }
}
