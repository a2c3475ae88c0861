/**
 * The thread PGlite runs on (started by pglite-database.ts): PGlite executes SQL synchronously
 * in WASM, so on the gateway's own thread every statement would stall every request. Requests
 * and replies follow pglite-protocol.ts; one PGlite instance, one connection, so a transaction
 * holds PGlite's lock until the main thread ends it and other statements wait behind it.
 *
 * Plain JavaScript (not TypeScript) so that Node runs it as it is, from the sources under the
 * tests as from dist/ in the package.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** @typedef {import('./pglite-protocol.js').WorkerRequest} WorkerRequest */
/** @typedef {import('./pglite-protocol.js').WorkerStart} WorkerStart */

/** Rejects a transaction's held callback so PGlite rolls it back; never reaches the caller. */
const ROLLBACK = Symbol('rollback');

/** The fields of a database error the main thread rebuilds (SQLSTATE `code`, `constraint`...). */
function serializeError(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields = {};
  for (const [name, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[name] = value;
  }
  return { name: error.name, message: error.message, fields };
}

/** @param {WorkerStart} start */
async function open(start) {
  const options = {};
  if (start.dataDir !== undefined) options.dataDir = start.dataDir;
  if (start.loadDataDir !== undefined) options.loadDataDir = new Blob([start.loadDataDir]);
  if (start.pgliteWasmModule !== undefined) options.pgliteWasmModule = start.pgliteWasmModule;
  if (start.initdbWasmModule !== undefined) options.initdbWasmModule = start.initdbWasmModule;
  return PGlite.create(options);
}

const port = parentPort;
let db;
try {
  db = await open(workerData);
} catch (error) {
  port.postMessage({ id: 0, ok: false, error: serializeError(error) });
  port.close();
}

if (db !== undefined) {
  /** Open transactions by the id of their `begin`: PGlite's handle and how to end the callback. */
  const transactions = new Map();
  /** Subscriptions by the id of their `listen`. */
  const subscriptions = new Map();

  const reply = (id, value) => port.postMessage({ id, ok: true, value });
  const fail = (id, error) => port.postMessage({ id, ok: false, error: serializeError(error) });

  /** The PGlite handle a statement runs on: the database, or the transaction it names. */
  const target = (tx) => {
    if (tx === undefined) return db;
    const open = transactions.get(tx);
    if (open === undefined) throw new Error('the transaction has ended: run statements inside its callback');
    return open.inner;
  };

  const begin = (id) => {
    const held = {};
    held.done = db.transaction(
      (inner) =>
        new Promise((resolve, reject) => {
          held.entered = true;
          held.inner = inner;
          held.commit = resolve;
          held.rollback = () => reject(ROLLBACK);
          transactions.set(id, held);
          reply(id, id);
        }),
    );
    // BEGIN itself failed: the callback never ran, so this is the only reply.
    held.done.catch((error) => {
      if (held.entered !== true) fail(id, error);
    });
  };

  const end = async (id, tx, commit) => {
    const held = transactions.get(tx);
    if (held === undefined) throw new Error('the transaction has ended: run statements inside its callback');
    transactions.delete(tx);
    if (commit) held.commit();
    else held.rollback();
    try {
      await held.done;
    } catch (error) {
      if (error !== ROLLBACK) throw error;
    }
    reply(id, undefined);
  };

  /** @param {WorkerRequest} request */
  const handle = async (request) => {
    const { id } = request;
    try {
      switch (request.op) {
        case 'query': {
          const result = await target(request.tx).query(request.sql, request.params);
          reply(id, result.rows);
          return;
        }
        case 'exec':
          await target(request.tx).exec(request.sql);
          reply(id, undefined);
          return;
        case 'begin':
          begin(id);
          return;
        case 'end':
          await end(id, request.tx, request.commit);
          return;
        case 'listen': {
          const stop = await db.listen(request.channel, (payload) =>
            port.postMessage({ notification: id, payload }),
          );
          subscriptions.set(id, stop);
          reply(id, undefined);
          return;
        }
        case 'unlisten': {
          const stop = subscriptions.get(request.subscription);
          subscriptions.delete(request.subscription);
          if (stop !== undefined && !db.closed) await stop();
          reply(id, undefined);
          return;
        }
        case 'close':
          await db.close();
          reply(id, undefined);
          port.close();
          return;
        default:
          throw new Error(`unknown request ${JSON.stringify(request.op)}`);
      }
    } catch (error) {
      fail(id, error);
    }
  };

  port.on('message', (request) => void handle(request));
  reply(0, undefined);
}
