import { NOTIFY_SQL, type Queryable } from '../store/database.js';

/**
 * The LISTEN/NOTIFY channel on which a publish or an archive of an agent is announced to every
 * gateway process (payload `{workspace}/{agent}`), so each can drop its cached catalog and tell
 * open sessions `notifications/tools/list_changed`.
 */
export const CATALOG_CHANGED_CHANNEL = 'mcpforge_catalog_changed';

/** The payload naming one agent. */
export function catalogChangedPayload(workspaceSlug: string, agentSlug: string): string {
  return `${workspaceSlug}/${agentSlug}`;
}

/** Announces that the catalog served by `{workspace}/{agent}` changed (after it committed, in a transaction). */
export async function announceCatalogChange(
  db: Queryable,
  workspaceSlug: string,
  agentSlug: string,
): Promise<void> {
  await db.query(NOTIFY_SQL, [CATALOG_CHANGED_CHANNEL, catalogChangedPayload(workspaceSlug, agentSlug)]);
}
