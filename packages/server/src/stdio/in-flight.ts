/** Counts requests whose answer is still to come, and wakes those waiting for none. */
export class InFlight {
  #count = 0;
  #idleWaiters: Array<() => void> = [];

  get count(): number {
    return this.#count;
  }

  start(): void {
    this.#count++;
  }

  settle(): void {
    this.#count--;
    if (this.#count > 0) return;
    const waiters = this.#idleWaiters;
    this.#idleWaiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves true when nothing is in flight, or false after `timeoutMs`. */
  drain(timeoutMs: number): Promise<boolean> {
    if (this.#count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.#idleWaiters = this.#idleWaiters.filter((waiter) => waiter !== wake);
        resolve(false);
      }, timeoutMs);
      this.#idleWaiters.push(wake);
    });
  }
}
