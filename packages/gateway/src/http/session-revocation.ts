/**
 * Ends the MCP sessions and streams of revoked keys on this process. The revocation notice
 * (LISTEN/NOTIFY, `KEY_REVOKED_CHANNEL`) does it within milliseconds; a notice lost while the
 * listening connection was down is caught by a sweep that asks the database, once a second and
 * only while sessions are open, which of their keys are revoked: the same 1 s bound as the key
 * cache gives requests (issue 19, point 9).
 * @module
 */

import { revokedKeyIds } from '../keys/api-keys-table.js';
import { KEY_REVOKED_CHANNEL } from '../keys/key-events.js';
import type { Database } from '../store/database.js';

/** How often open sessions' keys are checked when no notice came: the key cache's 1 s. */
export const REVOCATION_SWEEP_MS = 1_000;

/** What the sweep needs of the MCP handler. */
export interface SessionHolder {
  openPrincipals(): string[];
  closeSessions(principal: string): number;
}

/** Stops listening and sweeping. */
export type StopRevocationWatch = () => Promise<void>;

/** Closes the sessions of keys as they are revoked, on notice and by the sweep. */
export async function watchRevocations(
  db: Database,
  sessions: SessionHolder,
  onError: (error: unknown) => void,
  sweepMs = REVOCATION_SWEEP_MS,
): Promise<StopRevocationWatch> {
  const unlisten = await db.listen(KEY_REVOKED_CHANNEL, (keyId) => {
    sessions.closeSessions(keyId);
  });
  let sweeping: Promise<void> | undefined;
  const timer = setInterval(() => {
    const principals = sessions.openPrincipals();
    // One query at a time; none while no session is open.
    if (principals.length === 0 || sweeping !== undefined) return;
    sweeping = revokedKeyIds(db, principals)
      .then((revoked) => {
        for (const keyId of revoked) sessions.closeSessions(keyId);
      }, onError)
      .finally(() => {
        sweeping = undefined;
      });
  }, sweepMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await sweeping;
    await unlisten();
  };
}
