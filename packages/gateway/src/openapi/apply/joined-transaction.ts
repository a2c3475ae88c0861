import type { Database, DatabaseKind, Transaction } from '../../store/database.js';

/**
 * A {@link Database} whose `transaction(fn)` runs `fn` inside the transaction `tx` already
 * open, so catalog functions that open their own transaction (`publishOperation`,
 * `publishAgent`) become steps of one import that commits or rolls back whole. Their row locks
 * and notifications behave as in their own transaction; only the commit moves to the end.
 */
export function joinedDatabase(tx: Transaction, kind: DatabaseKind): Database {
  return {
    kind,
    query: (sql, params) => tx.query(sql, params),
    exec: (sql) => tx.exec(sql),
    transaction: (fn) => fn(tx),
    notify: (channel, payload) => tx.notify(channel, payload),
    listen: () => Promise.reject(new Error('listen is not available inside an import transaction')),
    close: () => Promise.resolve(),
  };
}
