import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  checkChannel,
  type Database,
  type ListenOptions,
  NOTIFY_SQL,
  type QueryResult,
  type Transaction,
  type Unlisten,
} from './database.js';
import {
  deserializeError,
  type WasmModule,
  type WorkerNotification,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStart,
} from './pglite-protocol.js';
import { closedTransaction } from './transaction-guard.js';

/**
 * PGlite on a worker thread behind the one {@link Database} interface: PGlite runs SQL
 * synchronously in WASM, so here it runs on its own thread and the gateway's event loop only
 * posts messages. Errors come back with the worker's name, message and fields (SQLSTATE `code`,
 * `constraint`...); when the worker dies, every pending and later call rejects with
 * {@link PgliteWorkerExitedError}, so nothing waits forever.
 * @module
 */

/** The worker thread of a PGlite database ended while the database was open. */
export class PgliteWorkerExitedError extends Error {
  readonly code = 'pglite_worker_exited';

  constructor(exitCode: number, cause: unknown) {
    super(
      `the PGlite worker thread exited (code ${exitCode})${cause instanceof Error ? `: ${cause.message}` : ''}; ` +
        'the embedded database is gone until it is opened again',
      cause === undefined ? undefined : { cause },
    );
    this.name = 'PgliteWorkerExitedError';
  }
}

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** The script of the thread: plain JavaScript beside this module, in src/ as in dist/. */
const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

type CompiledWasm = Pick<WorkerStart, 'pgliteWasmModule' | 'initdbWasmModule'>;

let compiled: Promise<CompiledWasm> | undefined;

/** The global `WebAssembly`, typed for the one call made here. */
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } })
  .WebAssembly;

/**
 * PGlite's two WASM modules, compiled once per process (off this thread, by V8) and handed to
 * every worker: a worker that compiled its own would spend hundreds of ms of CPU on each open.
 * When they cannot be found, each worker loads its own.
 */
function compiledWasm(): Promise<CompiledWasm> {
  compiled ??= (async () => {
    try {
      const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
      const compile = async (name: string) => wasm.compile(await readFile(join(dist, name)));
      const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
        compile('pglite.wasm'),
        compile('initdb.wasm'),
      ]);
      return { pgliteWasmModule, initdbWasmModule };
    } catch {
      return {};
    }
  })();
  return compiled;
}

class PgliteWorkerDatabase implements Database {
  readonly kind = 'pglite' as const;
  readonly #worker: Worker;
  readonly #release: () => Promise<void>;
  readonly #pending = new Map<number, Pending>();
  readonly #subscriptions = new Map<
    number,
    { onNotify: (payload: string) => void; options: ListenOptions }
  >();
  #nextId = 1;
  #gone: Error | undefined;
  #closing: Promise<void> | undefined;

  constructor(worker: Worker, release: () => Promise<void>) {
    this.#worker = worker;
    this.#release = release;
    worker.on('message', (message: WorkerReply | WorkerNotification) => this.#receive(message));
    // 'error' (an uncaught throw in the worker) is followed by 'exit'; keep it as the cause.
    let cause: unknown;
    worker.on('error', (error) => {
      cause = error;
    });
    worker.on('exit', (exitCode) => this.#exited(new PgliteWorkerExitedError(exitCode, cause)));
    worker.unref();
  }

  /** Resolves when the worker has opened PGlite (its reply to id 0). */
  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#pending.set(0, { resolve: () => resolve(), reject });
      this.#worker.ref();
    });
  }

  async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
    return { rows: (await this.#call({ op: 'query', sql, params })) as Row[] };
  }

  async exec(sql: string): Promise<void> {
    await this.#call({ op: 'exec', sql });
  }

  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    // The worker holds PGlite's transaction open until `end`: other statements wait behind it.
    const id = (await this.#call({ op: 'begin' })) as number;
    let open = true;
    const tx: Transaction = {
      query: async <Row>(sql: string, params: readonly unknown[] = []) => {
        if (!open) throw closedTransaction();
        return { rows: (await this.#call({ op: 'query', sql, params, tx: id })) as Row[] };
      },
      exec: async (sql) => {
        if (!open) throw closedTransaction();
        await this.#call({ op: 'exec', sql, tx: id });
      },
      notify: async (channel, payload) => {
        if (!open) throw closedTransaction();
        await this.#call({ op: 'query', sql: NOTIFY_SQL, params: [checkChannel(channel), payload], tx: id });
      },
    };
    let value: T;
    try {
      value = await fn(tx);
    } catch (error) {
      open = false;
      // The caller's error wins; a failed rollback of a dead worker adds nothing to it.
      await this.#call({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      throw error;
    }
    open = false;
    await this.#call({ op: 'end', tx: id, commit: true });
    return value;
  }

  async listen(
    channel: string,
    onNotify: (payload: string) => void,
    options: ListenOptions = {},
  ): Promise<Unlisten> {
    const id = this.#nextId++;
    this.#subscriptions.set(id, { onNotify, options });
    try {
      // The request's id names the subscription in the worker's notifications.
      await this.#call({ op: 'listen', channel: checkChannel(channel) }, id);
    } catch (error) {
      this.#subscriptions.delete(id);
      throw error;
    }
    let stopped = false;
    return async () => {
      if (stopped || this.#gone !== undefined || this.#closing !== undefined) return;
      stopped = true;
      this.#subscriptions.delete(id);
      await this.#call({ op: 'unlisten', subscription: id });
    };
  }

  async notify(channel: string, payload: string): Promise<void> {
    await this.#call({ op: 'query', sql: NOTIFY_SQL, params: [checkChannel(channel), payload] });
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      try {
        if (this.#gone === undefined) await this.#call({ op: 'close' }).catch(() => undefined);
        await this.#worker.terminate();
      } finally {
        await this.#release();
      }
    })();
    return this.#closing;
  }

  #call(request: Request, id = this.#nextId++): Promise<unknown> {
    if (this.#gone !== undefined) return Promise.reject(this.#gone);
    return new Promise((resolve, reject) => {
      try {
        this.#worker.postMessage({ ...request, id });
      } catch (error) {
        // A parameter that cannot cross threads (a function, a symbol...).
        reject(error);
        return;
      }
      this.#pending.set(id, { resolve, reject });
      // A pending call keeps the process alive, as a socket of node-postgres would; an idle one does not.
      if (this.#pending.size === 1) this.#worker.ref();
    });
  }

  #receive(message: WorkerReply | WorkerNotification): void {
    if ('notification' in message) {
      try {
        this.#subscriptions.get(message.notification)?.onNotify(message.payload);
      } catch {
        // A listener's own failure is its business; it must not end the process.
      }
      return;
    }
    const pending = this.#pending.get(message.id);
    if (pending === undefined) return;
    this.#pending.delete(message.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (message.ok) pending.resolve(message.value);
    else pending.reject(deserializeError(message.error));
  }

  #exited(error: Error): void {
    this.#gone = error;
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const call of pending) call.reject(error);
    if (this.#closing !== undefined) return;
    // Notifications end with the thread, for good: a cache kept fresh by them must stop trusting it.
    const subscriptions = [...this.#subscriptions.values()];
    this.#subscriptions.clear();
    for (const { options } of subscriptions) {
      try {
        options.onLost?.();
      } catch {
        // As for a listener's own failure.
      }
    }
  }
}

/**
 * Starts a worker thread running PGlite as `start` says and resolves once it is open.
 * `release` runs when the database closes, after the worker has ended; when opening fails it
 * does not run (the caller releases).
 */
export async function openPgliteWorker(
  start: WorkerStart,
  release: () => Promise<void>,
  /** Tests: the thread, to end it as a crash would. */
  onWorker?: (worker: Worker) => void,
): Promise<Database> {
  // No inherited flags: some of the parent's (`--input-type`, loaders) are refused by a worker or meant for the parent only.
  const worker = new Worker(WORKER_URL, {
    workerData: { ...start, ...(await compiledWasm()) },
    execArgv: [],
  });
  onWorker?.(worker);
  const db = new PgliteWorkerDatabase(worker, release);
  try {
    await db.opened();
  } catch (error) {
    // Not opened: the caller still owns `release`.
    await worker.terminate();
    throw error;
  }
  return db;
}
