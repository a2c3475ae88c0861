import { getAgent } from '../catalog/agents-table.js';
import { getWorkspace } from '../catalog/workspaces-table.js';
import { invalidField } from '../errors/gateway-error.js';
import {
  CALL_OUTCOMES,
  type CallOutcome,
  type Invocation,
  type InvocationFilter,
  listInvocations,
  MAX_HISTORY_PAGE,
} from '../history/history-table.js';
import { getKey } from '../keys/api-keys-table.js';
import type { Queryable } from '../store/database.js';
import { encodeCursor, type Page, type PageRequest } from './pagination.js';

/** History filters as the admin API takes them: slugs and ids, and a time window. */
export interface HistoryQuery {
  workspace?: string | undefined;
  /** An agent slug of `workspace`. */
  agent?: string | undefined;
  /** A key id. */
  key?: string | undefined;
  outcome?: string | undefined;
  /** ISO date-times: calls at or after `since`, strictly before `until`. */
  since?: string | undefined;
  until?: string | undefined;
}

function readTime(value: string | undefined, field: string): Date | undefined {
  if (value === undefined) return undefined;
  const time = /^\d{4}-\d\d-\d\dT/.test(value) ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(time.getTime()))
    throw invalidField(field, 'must be an ISO 8601 date-time such as 2026-12-01T10:00:00Z');
  return time;
}

function readOutcome(value: string | undefined): CallOutcome | undefined {
  if (value === undefined) return undefined;
  if (!(CALL_OUTCOMES as readonly string[]).includes(value)) {
    throw invalidField('outcome', `must be one of ${CALL_OUTCOMES.map((o) => `'${o}'`).join(', ')}`);
  }
  return value as CallOutcome;
}

/** The filter of `query`, its names resolved to ids. @throws GatewayError `invalid_field`, `not_found`. */
async function resolveFilter(db: Queryable, query: HistoryQuery): Promise<InvocationFilter> {
  const filter: InvocationFilter = { outcome: readOutcome(query.outcome) };
  if (query.agent !== undefined && query.workspace === undefined) {
    throw invalidField('agent', 'needs workspace: agent slugs are per workspace');
  }
  if (query.workspace !== undefined) filter.workspaceId = (await getWorkspace(db, query.workspace)).id;
  if (query.agent !== undefined) filter.agentId = (await getAgent(db, query.workspace!, query.agent)).id;
  if (query.key !== undefined) filter.keyId = (await getKey(db, query.key)).id;
  return filter;
}

// A position in the newest-first order (called_at DESC, id ASC): the last row of a page.
function readPosition(after: string): { time: number; id: string } {
  const [time = '', id = ''] = after.split(' ');
  if (!/^\d+$/.test(time) || id === '') throw invalidField('cursor', 'is not a cursor this API returned');
  return { time: Number(time), id };
}

/**
 * One page of invocation history, newest first. Rows called in the same millisecond as the
 * previous page's last row are kept apart by id, so a page boundary never skips or repeats one.
 * @throws GatewayError `invalid_field`, `not_found` (workspace, agent, key).
 */
export async function historyPage(
  db: Queryable,
  query: HistoryQuery,
  request: PageRequest,
): Promise<Page<Invocation>> {
  const filter = await resolveFilter(db, query);
  const since = readTime(query.since, 'since');
  const until = readTime(query.until, 'until');
  const position = request.after === undefined ? undefined : readPosition(request.after);
  // From the cursor's millisecond on (inclusive), then drop what the previous page had.
  const before = position === undefined ? until : new Date(position.time + 1);
  let fetch = Math.min(MAX_HISTORY_PAGE, request.limit + 1);
  for (;;) {
    const rows = await listInvocations(db, { ...filter, before, limit: fetch });
    const fresh = rows.filter(
      (row) => position === undefined || row.calledAt.getTime() < position.time || row.id > position.id,
    );
    const inWindow = fresh.filter((row) => since === undefined || row.calledAt >= since);
    const exhausted = rows.length < fetch || inWindow.length < fresh.length;
    if (inWindow.length > request.limit || exhausted || fetch === MAX_HISTORY_PAGE) {
      const items = inWindow.slice(0, request.limit);
      const last = items.at(-1);
      const more = inWindow.length > request.limit || (!exhausted && fetch === MAX_HISTORY_PAGE);
      const nextCursor =
        more && last !== undefined ? encodeCursor(`${last.calledAt.getTime()} ${last.id}`) : null;
      return { items, nextCursor };
    }
    fetch = Math.min(MAX_HISTORY_PAGE, fetch * 2);
  }
}
