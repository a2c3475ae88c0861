import { adminGet, approvalsBase, call, type Page, query, seg } from '../api.js';
import { field, h, replace, select, table } from '../dom.js';
import { fromLocalInput, time } from '../format.js';
import { type Agent, type Approval, toApproval } from '../models.js';
import { POLL_MS } from '../poll-interval.js';
import { currentSession, agent as savedAgent, setAgent, setWorkspace, workspace } from '../session.js';
import { poll, type View } from '../view.js';

/**
 * Approval requests, newest first, refreshed every POLL_MS (poll-interval.ts) (neither API streams them):
 * an admin reads a workspace's through the admin API, an approver an agent's through the approval
 * API. Status and agent filter on the server; the time window filters the page read (neither API
 * takes one for approvals).
 * @module
 */

/** How often the list is read again: a new `tools/call` shows within two seconds. */

const STATUSES = ['', 'pending', 'executing', 'completed', 'failed', 'denied', 'expired'] as const;

/** The link to a request's page. */
export function approvalHref(approval: Approval): string {
  return `#/approval/${seg(approval.workspace)}/${seg(approval.agent)}/${seg(approval.id)}`;
}

/** A status as a badge (the word is the information; the colour repeats it). */
export function statusBadge(status: string): HTMLElement {
  return h('span', { class: `badge badge-${status}` }, status);
}

async function load(filters: Filters): Promise<Approval[]> {
  const role = currentSession()?.role;
  let items: Record<string, unknown>[];
  if (role === 'admin') {
    const path = `/approvals${query({ workspace: workspace(), agent: filters.agent, status: filters.status, limit: 200 })}`;
    items = (await adminGet<Page<Record<string, unknown>>>(path)).items;
  } else {
    const base = approvalsBase(workspace(), filters.agent);
    const answer = await call<{ items: Record<string, unknown>[] }>(
      'GET',
      `${base}${query({ status: filters.status, limit: 200 })}`,
    );
    items = answer.items;
  }
  const since = fromLocalInput(filters.since);
  const until = fromLocalInput(filters.until);
  return items
    .map(toApproval)
    .filter(
      (item) =>
        (since === undefined || item.createdAt >= since) && (until === undefined || item.createdAt < until),
    );
}

interface Filters {
  status: string;
  agent: string;
  since: string;
  until: string;
}

export async function renderApprovals(view: View): Promise<void> {
  const content = view.page('Approvals');
  const admin = currentSession()?.role === 'admin';
  const filters: Filters = { status: 'pending', agent: admin ? '' : savedAgent(), since: '', until: '' };
  const results = h('div', { 'aria-live': 'polite', 'aria-busy': 'true' });
  let shown = '';
  const refresh = async () => {
    if (!admin && (workspace() === '' || filters.agent === '')) {
      replace(results, h('p', {}, 'Enter the workspace and the agent your approval key is for.'));
      return;
    }
    try {
      const items = await load(filters);
      if (!view.live()) return;
      const fingerprint = JSON.stringify(items);
      if (fingerprint === shown) return;
      shown = fingerprint;
      results.setAttribute('aria-busy', 'false');
      if (items.length === 0) {
        replace(results, h('p', { class: 'empty' }, 'No approval requests match.'));
        return;
      }
      replace(
        results,
        table(
          `${items.length} approval request${items.length === 1 ? '' : 's'}, newest first`,
          ['Requested', 'Agent', 'Tool', 'Status', 'Request'],
          items.map((item) => [
            time(item.createdAt),
            item.agent,
            item.tool,
            statusBadge(item.status),
            h('a', { href: approvalHref(item), class: 'approval-link' }, `Open ${item.id}`),
          ]),
        ),
      );
    } catch (error) {
      if (!view.live()) return;
      shown = '';
      replace(results, view.failure(error));
    }
  };
  const again = () => {
    shown = '';
    void refresh();
  };
  const controls: HTMLElement[] = [];
  const statusSelect = select(
    STATUSES.map((value) => [value, value === '' ? 'any' : value] as const),
    filters.status,
    {
      on: {
        change: (event) => {
          filters.status = (event.target as HTMLSelectElement).value;
          again();
        },
      },
    },
  );
  controls.push(field('Status', statusSelect));
  if (admin) {
    const agentSelect = select([['', 'all agents']], '', {
      on: {
        change: (event) => {
          filters.agent = (event.target as HTMLSelectElement).value;
          again();
        },
      },
    });
    controls.push(field('Agent', agentSelect));
    if (workspace() !== '') {
      adminGet<Page<Agent>>(`/workspaces/${seg(workspace())}/agents?limit=500`)
        .then((page) => {
          for (const item of page.items) agentSelect.append(h('option', { value: item.slug }, item.slug));
        })
        .catch(() => undefined);
    }
  } else {
    const wsInput = h('input', { type: 'text', value: workspace(), autocomplete: 'off' });
    const agentInput = h('input', { type: 'text', value: filters.agent, autocomplete: 'off' });
    const apply = () => {
      setWorkspace(wsInput.value.trim());
      filters.agent = agentInput.value.trim();
      setAgent(filters.agent);
      again();
    };
    wsInput.addEventListener('change', apply);
    agentInput.addEventListener('change', apply);
    controls.push(field('Workspace', wsInput), field('Agent', agentInput));
  }
  for (const name of ['since', 'until'] as const) {
    const input = h('input', { type: 'datetime-local' });
    input.addEventListener('change', () => {
      filters[name] = input.value;
      again();
    });
    controls.push(field(name === 'since' ? 'Requested at or after' : 'Requested before', input));
  }
  content.append(
    h(
      'form',
      {
        class: 'filters',
        role: 'search',
        'aria-label': 'Filter approval requests',
        on: { submit: (e) => e.preventDefault() },
      },
      ...controls,
    ),
    results,
  );
  if (admin && workspace() === '') {
    replace(results, h('p', {}, 'Create a workspace first (Workspaces).'));
    return;
  }
  poll(view, POLL_MS, refresh);
}
