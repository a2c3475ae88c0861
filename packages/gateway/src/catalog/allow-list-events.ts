/**
 * How a change of a workspace's upstream allow-list reaches every allow-list cache: a NOTIFY
 * on {@link ALLOW_LIST_CHANGED_CHANNEL} sent by the statement that made the change (so every
 * process hears it once it commits), and, on the process that made it, a synchronous call of
 * the caches registered on the same database handle, before the change's function returns. So
 * the admin API answers a removal only after its own process has forgotten the entry, without
 * waiting for the notice's round trip (issue 19, point 10).
 * @module
 */

/** The LISTEN/NOTIFY channel announcing an allow-list change (payload: the workspace id). */
export const ALLOW_LIST_CHANGED_CHANNEL = 'mcpforge_allow_list_changed';

type Forget = (workspaceId: string) => void;

/** The caches of this process, by the database handle they read. */
const caches = new WeakMap<object, Set<Forget>>();

/** Registers `forget` to be called at once when a change is made through `db` on this process. */
export function onLocalAllowListChange(db: object, forget: Forget): () => void {
  let registered = caches.get(db);
  if (registered === undefined) {
    registered = new Set();
    caches.set(db, registered);
  }
  registered.add(forget);
  return () => {
    caches.get(db)?.delete(forget);
  };
}

/**
 * Tells this process's caches on `db` that `workspaceId`'s allow-list changed. Call it after the
 * change committed (or, inside a transaction, rely on the NOTIFY alone, sent at commit).
 */
export function forgetLocally(db: object, workspaceId: string): void {
  for (const forget of caches.get(db) ?? []) forget(workspaceId);
}
