/**
 * What the task runner keeps in memory beside each stored record (the call's params, its MRTR
 * state, the running handler), bounded in count and in time so an abandoned task cannot pin
 * its arguments forever (issue 8, defect 2).
 */

/** Why a live entry was dropped before its task ended. */
export type LiveDropReason = 'expired' | 'evicted';

interface Entry<T> {
  value: T;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Live entries by task id, each released when its record expires (`ttlMs` after it was added)
 * and, beyond `max`, the oldest first. A dropped entry is handed to `onDrop` so its handler
 * can be aborted; an entry removed with {@link delete} is not.
 */
export class LiveTasks<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #max: number;
  readonly #onDrop: (taskId: string, value: T, reason: LiveDropReason) => void;

  constructor(max: number, onDrop: (taskId: string, value: T, reason: LiveDropReason) => void) {
    this.#max = max;
    this.#onDrop = onDrop;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Adds an entry that lives at most `ttlMs`; first drops the oldest while the bound is reached. */
  add(taskId: string, value: T, ttlMs: number): void {
    while (this.#entries.size >= this.#max) {
      const oldest = this.#entries.keys().next().value as string;
      this.#drop(oldest, 'evicted');
    }
    // unref: a task nobody polls must not keep the process alive.
    const timer = setTimeout(() => this.#drop(taskId, 'expired'), ttlMs);
    timer.unref?.();
    this.#entries.set(taskId, { value, timer });
  }

  get(taskId: string): T | undefined {
    return this.#entries.get(taskId)?.value;
  }

  /** Forgets the entry of a task that ended; true when there was one. */
  delete(taskId: string): boolean {
    const entry = this.#entries.get(taskId);
    if (entry === undefined) return false;
    clearTimeout(entry.timer);
    this.#entries.delete(taskId);
    return true;
  }

  #drop(taskId: string, reason: LiveDropReason): void {
    const entry = this.#entries.get(taskId);
    if (entry === undefined) return;
    this.delete(taskId);
    this.#onDrop(taskId, entry.value, reason);
  }
}
