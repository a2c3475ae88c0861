import { ConnectionClosedError, ConnectionTimeoutError } from '../errors/local-error.js';
import { MAX_TIMER_MS } from './options.js';

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  /** Output sequence number of the request; compared with what the transport handed off. */
  readonly seq: number;
  timer: NodeJS.Timeout | undefined;
  signal: AbortSignal | undefined;
}

/** The requests waiting on one AbortSignal, behind a single listener (many requests may share a signal). */
interface SignalWatch {
  readonly ids: Set<number>;
  readonly onAbort: () => void;
}

/** How many ids of abandoned (timed-out/aborted) requests to remember, so late answers stay quiet. */
const ABANDONED_MEMORY = 1024;

/** Requests sent by this side and waiting for their response, keyed by the integer id we gave them. */
export class PendingRequests {
  #byId = new Map<number, Pending>();
  #abandoned = new Set<number>();
  #signals = new Map<AbortSignal, SignalWatch>();

  get size(): number {
    return this.#byId.size;
  }

  add(
    id: number,
    method: string,
    seq: number,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    resolve: (value: unknown) => void,
    reject: (error: unknown) => void,
  ): void {
    const pending: Pending = { resolve, reject, seq, timer: undefined, signal };
    if (timeoutMs > 0 && timeoutMs !== Number.POSITIVE_INFINITY) {
      pending.timer = setTimeout(
        () => this.#abandon(id, new ConnectionTimeoutError(method, timeoutMs)),
        Math.min(timeoutMs, MAX_TIMER_MS),
      );
    }
    this.#byId.set(id, pending);
    if (signal) this.#watch(signal, id);
  }

  /** Settles the request with this id; false when no such request waits (unknown or abandoned). */
  settle(id: number, outcome: { result: unknown } | { error: Error }): boolean {
    const pending = this.#take(id);
    if (!pending) return false;
    if ('error' in outcome) pending.reject(outcome.error);
    else pending.resolve(outcome.result);
    return true;
  }

  /** True when `id` belonged to a request this side gave up on; its late answer is dropped quietly. */
  wasAbandoned(id: number): boolean {
    return this.#abandoned.has(id);
  }

  /** Rejects every waiting request; `handedOffSeq` says which ones reached the output. */
  rejectAll(handedOffSeq: number, detail: string | undefined): void {
    const all = this.#byId;
    this.#byId = new Map();
    for (const [id, pending] of all) {
      this.#release(pending, id);
      pending.reject(
        new ConnectionClosedError(pending.seq <= handedOffSeq ? 'no-response' : 'not-sent', detail),
      );
    }
  }

  /** Rejects the requests not yet handed to the output (the output ended before they were written). */
  rejectUnsent(handedOffSeq: number, detail: string): void {
    for (const [id, pending] of this.#byId) {
      if (pending.seq > handedOffSeq) {
        this.#take(id);
        pending.reject(new ConnectionClosedError('not-sent', detail));
      }
    }
  }

  #abandon(id: number, error: unknown): void {
    const pending = this.#take(id);
    if (!pending) return;
    this.#abandoned.add(id);
    if (this.#abandoned.size > ABANDONED_MEMORY) {
      const oldest = this.#abandoned.values().next().value;
      if (oldest !== undefined) this.#abandoned.delete(oldest);
    }
    pending.reject(error);
  }

  #take(id: number): Pending | undefined {
    const pending = this.#byId.get(id);
    if (!pending) return undefined;
    this.#byId.delete(id);
    this.#release(pending, id);
    return pending;
  }

  #watch(signal: AbortSignal, id: number): void {
    let watch = this.#signals.get(signal);
    if (!watch) {
      const ids = new Set<number>();
      const onAbort = (): void => {
        this.#signals.delete(signal);
        for (const waiting of [...ids]) this.#abandon(waiting, signal.reason);
      };
      watch = { ids, onAbort };
      this.#signals.set(signal, watch);
      signal.addEventListener('abort', onAbort, { once: true });
    }
    watch.ids.add(id);
  }

  #release(pending: Pending, id: number): void {
    if (pending.timer) clearTimeout(pending.timer);
    const signal = pending.signal;
    if (!signal) return;
    const watch = this.#signals.get(signal);
    if (!watch) return;
    watch.ids.delete(id);
    if (watch.ids.size === 0) {
      this.#signals.delete(signal);
      signal.removeEventListener('abort', watch.onAbort);
    }
  }
}
