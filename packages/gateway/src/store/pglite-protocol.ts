/**
 * The messages between the PGlite worker thread (pglite-worker.mjs) and its Database on the
 * main thread (pglite-worker-database.ts). Every request carries an `id`; the worker answers it
 * with one {@link WorkerReply} of the same `id`. Id 0 is the worker's answer to opening.
 * @module
 */

/**
 * Where PGlite runs: `'worker'` (the default) on a worker thread, so its synchronous WASM never
 * stalls the event loop; `'main'` on the caller's thread, as before (kept to measure the two).
 */
export type PgliteThread = 'main' | 'worker';

/** A compiled `WebAssembly.Module` (this package builds without the WebAssembly typings). */
export type WasmModule = object;

/** `workerData` of a worker: where its PGlite lives. */
export interface WorkerStart {
  /** The data directory; omitted: in memory. */
  dataDir?: string | undefined;
  /** A gzip tarball of a data directory (PGlite's `dumpDataDir`) an in-memory database starts from. */
  loadDataDir?: Uint8Array | undefined;
  /** PGlite's WASM, compiled once per process and shared by its workers (else each compiles it). */
  pgliteWasmModule?: WasmModule | undefined;
  /** The same for its `initdb`, run on a new data directory. */
  initdbWasmModule?: WasmModule | undefined;
}

/** A request to the worker; `tx` is the id of the `begin` whose transaction runs the statement. */
export type WorkerRequest =
  | { id: number; op: 'query'; sql: string; params: readonly unknown[]; tx?: number | undefined }
  | { id: number; op: 'exec'; sql: string; tx?: number | undefined }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; subscription: number }
  | { id: number; op: 'close' };

/** An error thrown in the worker, as it crosses the thread boundary. */
export interface SerializedError {
  name: string;
  message: string;
  /** Its own string and number properties: the SQLSTATE `code`, `constraint`, `detail`... */
  fields: Record<string, string | number>;
}

/** The answer to one request. */
export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SerializedError };

/** A notification on the channel of the `listen` request whose id is `notification`. */
export interface WorkerNotification {
  notification: number;
  payload: string;
}

const ERROR_TYPES: Record<string, new (message: string) => Error> = {
  TypeError,
  RangeError,
  SyntaxError,
};

/** The error the caller sees: same name, message and fields (`code`...) as in the worker. */
export function deserializeError(error: SerializedError): Error {
  const rebuilt = new (ERROR_TYPES[error.name] ?? Error)(error.message);
  if (rebuilt.name !== error.name) rebuilt.name = error.name;
  const { name: _name, message: _message, stack: _stack, ...fields } = error.fields;
  Object.assign(rebuilt, fields);
  return rebuilt;
}
