import pg from 'pg';
import type { ListenOptions, Unlisten } from './database.js';

/** Options of {@link PgListener}. */
export interface PgListenerOptions {
  connectionString: string;
  /** Wait before re-opening a dropped listening connection. */
  reconnectMs: number;
  onBackgroundError: (error: Error) => void;
}

/**
 * One dedicated connection that holds every `LISTEN` of a database handle (a pooled connection
 * would lose them when it goes back to the pool). When it drops, it is re-opened after
 * `reconnectMs` and every channel is listened to again.
 */
export class PgListener {
  readonly #options: PgListenerOptions;
  readonly #channels = new Map<string, Set<(payload: string) => void>>();
  /** Subscribers told when notifications may have been lost, and when listening resumed. */
  readonly #watchers = new Set<ListenOptions>();
  /** Whether the connection dropped since the channels were last listened to. */
  #lost = false;
  #client: pg.Client | undefined;
  #connecting: Promise<pg.Client> | undefined;
  #retry: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: PgListenerOptions) {
    this.#options = options;
  }

  async add(
    channel: string,
    onNotify: (payload: string) => void,
    options?: ListenOptions,
  ): Promise<Unlisten> {
    if (this.#closed) throw new Error('database is closed');
    const client = await this.#connect();
    let callbacks = this.#channels.get(channel);
    if (callbacks === undefined) {
      callbacks = new Set();
      this.#channels.set(channel, callbacks);
      // The channel was checked by the caller: a plain lowercase identifier.
      await client.query(`LISTEN ${channel}`);
    }
    callbacks.add(onNotify);
    const watcher =
      options?.onLost === undefined && options?.onRestored === undefined ? undefined : { ...options };
    if (watcher !== undefined) this.#watchers.add(watcher);
    let removed = false;
    return async () => {
      if (removed) return;
      removed = true;
      if (watcher !== undefined) this.#watchers.delete(watcher);
      const current = this.#channels.get(channel);
      if (current === undefined) return;
      current.delete(onNotify);
      if (current.size > 0) return;
      this.#channels.delete(channel);
      if (this.#client !== undefined && !this.#closed) await this.#client.query(`UNLISTEN ${channel}`);
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const client = this.#client ?? (await this.#connecting?.catch(() => undefined));
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  #connect(): Promise<pg.Client> {
    if (this.#client !== undefined) return Promise.resolve(this.#client);
    this.#connecting ??= this.#open().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  async #open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.#options.connectionString });
    client.on('notification', (message) => this.#dispatch(message.channel, message.payload ?? ''));
    client.on('error', (error) => this.#dropped(client, error));
    client.on('end', () => this.#dropped(client, undefined));
    await client.connect();
    for (const channel of this.#channels.keys()) await client.query(`LISTEN ${channel}`);
    if (this.#closed) {
      await client.end().catch(() => undefined);
      throw new Error('database is closed');
    }
    this.#client = client;
    if (this.#lost) {
      this.#lost = false;
      for (const watcher of this.#watchers) this.#tell(watcher.onRestored);
    }
    return client;
  }

  #tell(callback: (() => void) | undefined): void {
    try {
      callback?.();
    } catch (error) {
      this.#options.onBackgroundError(error instanceof Error ? error : new Error(String(error)));
    }
  }

  #dispatch(channel: string, payload: string): void {
    const callbacks = this.#channels.get(channel);
    if (callbacks === undefined) return;
    for (const callback of callbacks) {
      try {
        callback(payload);
      } catch (error) {
        this.#options.onBackgroundError(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  #dropped(client: pg.Client, error: Error | undefined): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    if (this.#closed) return;
    if (!this.#lost) {
      this.#lost = true;
      for (const watcher of this.#watchers) this.#tell(watcher.onLost);
    }
    if (error !== undefined) this.#options.onBackgroundError(error);
    client.end().catch(() => undefined);
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    if (this.#closed || this.#channels.size === 0 || this.#retry !== undefined) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      this.#connect().catch((error: unknown) => {
        this.#options.onBackgroundError(error instanceof Error ? error : new Error(String(error)));
        this.#scheduleReconnect();
      });
    }, this.#options.reconnectMs);
    this.#retry.unref();
  }
}
