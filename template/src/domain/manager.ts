import { composeGreeting } from './greeter.js';

/** What the Manager needs from the configuration. */
export interface ManagerSettings {
  readonly salutation: string;
}

/** What one greeting produced. */
export interface Greeting {
  readonly message: string;
  /** Greetings made by this process so far, this one included. */
  readonly count: number;
}

/**
 * The process state of the server, in one place: the current settings (swapped
 * whole on config reload) and a counter. Tools call it concurrently; every method
 * runs to completion without awaiting, so no call sees a half-applied reload.
 * Replace the body with your domain's state: clients, pools, caches.
 */
export class Manager {
  #settings: ManagerSettings;
  #count = 0;

  constructor(settings: ManagerSettings) {
    this.#settings = settings;
  }

  /** Applies new settings (called by the config reloader). */
  configure(settings: ManagerSettings): void {
    this.#settings = settings;
  }

  /** Greets `name` with the configured salutation. */
  greet(name: string): Greeting {
    this.#count += 1;
    return { message: composeGreeting(this.#settings.salutation, name), count: this.#count };
  }

  /** Releases what the Manager holds; a no-op here, kept so `main` always closes it. */
  async close(): Promise<void> {}
}
