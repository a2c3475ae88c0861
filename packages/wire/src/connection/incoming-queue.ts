import { ConnectionClosedError } from '../errors/local-error.js';
import type { IncomingMessage } from '../messages.js';

interface Waiter {
  resolve(message: IncomingMessage): void;
  reject(error: Error): void;
}

/** Incoming messages waiting for `nextMessage()`, and `nextMessage()` calls waiting for messages. */
export class IncomingQueue {
  #messages: IncomingMessage[] = [];
  #head = 0;
  #waiters: Waiter[] = [];
  #ended = false;

  push(message: IncomingMessage): void {
    const waiter = this.#waiters.shift();
    if (waiter) waiter.resolve(message);
    else this.#messages.push(message);
  }

  next(): Promise<IncomingMessage> {
    if (this.#head < this.#messages.length) {
      const message = this.#messages[this.#head]!;
      this.#head++;
      if (this.#head > 1024 && this.#head * 2 > this.#messages.length) {
        this.#messages = this.#messages.slice(this.#head);
        this.#head = 0;
      }
      return Promise.resolve(message);
    }
    if (this.#ended) return Promise.reject(new ConnectionClosedError());
    return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }

  /** No more messages will come: queued ones are still returned, then `next()` rejects. */
  end(): void {
    this.#ended = true;
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const waiter of waiters) waiter.reject(new ConnectionClosedError());
  }
}
