import { adminGet, type Page, query, seg } from '../api.js';
import { barChart } from '../charts.js';
import { field, h, replace, select, table } from '../dom.js';
import { duration, fromLocalInput, time } from '../format.js';
import type { Agent, ApiKey, Invocation } from '../models.js';
import { workspace } from '../session.js';
import type { View } from '../view.js';

/**
 * The invocation history: `tools/call`s newest first with their ids, outcome and duration, and
 * a chart of calls and errors over time. Never arguments or payloads: the API has none.
 * Agent, key, outcome and time filter on the server; the tool filters the page read.
 * @module
 */

const OUTCOMES = ['', 'success', 'tool_error', 'rejected'] as const;

interface Filters {
  agent: string;
  key: string;
  outcome: string;
  tool: string;
  since: string;
  until: string;
}

function buckets(items: Invocation[]): { labels: string[]; calls: number[]; errors: number[] } {
  if (items.length === 0) return { labels: [], calls: [], errors: [] };
  const times = items.map((item) => new Date(item.calledAt).getTime());
  const first = Math.min(...times);
  const last = Math.max(...times);
  const steps = [60_000, 5 * 60_000, 15 * 60_000, 3_600_000, 6 * 3_600_000, 86_400_000];
  const step = steps.find((ms) => (last - first) / ms <= 24) ?? 86_400_000;
  const start = Math.floor(first / step) * step;
  const count = Math.floor((last - start) / step) + 1;
  const calls = new Array<number>(count).fill(0);
  const errors = new Array<number>(count).fill(0);
  items.forEach((item, index) => {
    const at = Math.floor((times[index]! - start) / step);
    calls[at]! += 1;
    if (item.outcome !== 'success') errors[at]! += 1;
  });
  const labels = calls.map((_, index) => {
    const iso = new Date(start + index * step).toISOString();
    return step >= 86_400_000 ? iso.slice(5, 10) : iso.slice(11, 16);
  });
  return { labels, calls, errors };
}

export async function renderHistory(view: View): Promise<void> {
  const content = view.page('Invocation history');
  const filters: Filters = { agent: '', key: '', outcome: '', tool: '', since: '', until: '' };
  const results = h('div', { 'aria-live': 'polite' });
  const [agents, keys] = await Promise.all([
    workspace() === ''
      ? Promise.resolve({ items: [] as Agent[] })
      : adminGet<Page<Agent>>(`/workspaces/${seg(workspace())}/agents?limit=500`),
    adminGet<Page<ApiKey>>(
      `/keys?type=mcp_client&limit=500${workspace() === '' ? '' : `&workspace=${seg(workspace())}`}`,
    ),
  ]);
  if (!view.live()) return;
  const keyName = new Map(keys.items.map((key) => [key.id, key.name]));
  const refresh = async () => {
    try {
      const path = `/history${query({
        workspace: workspace(),
        agent: filters.agent,
        key: filters.key,
        outcome: filters.outcome,
        since: fromLocalInput(filters.since),
        until: fromLocalInput(filters.until),
        limit: 500,
      })}`;
      const page = await adminGet<Page<Invocation>>(path);
      if (!view.live()) return;
      const tool = filters.tool.trim();
      const items = tool === '' ? page.items : page.items.filter((item) => item.tool === tool);
      if (items.length === 0) {
        replace(results, h('p', { class: 'empty' }, 'No calls match.'));
        return;
      }
      const chart = buckets([...items].reverse());
      replace(
        results,
        barChart('Calls and errors over time (UTC)', chart.labels, [
          { name: 'calls', className: 'bar-a', values: chart.calls },
          { name: 'errors', className: 'bar-b', values: chart.errors },
        ]),
        table(
          `${items.length} call${items.length === 1 ? '' : 's'}, newest first`,
          ['Time', 'Agent', 'Tool', 'Operation', 'Outcome', 'Duration', 'Key', 'Request id', 'Trace id'],
          items.map((item) => [
            time(item.calledAt),
            item.agent,
            item.tool ?? '—',
            item.operation === null ? '—' : `${item.operation} v${item.operationVersion}`,
            h(
              'span',
              { class: `badge badge-${item.outcome}` },
              item.errorCode ? `${item.outcome} (${item.errorCode})` : item.outcome,
            ),
            duration(item.durationMs),
            keyName.get(item.keyId) ?? item.keyId,
            h('code', {}, item.requestId),
            h('code', {}, item.traceId),
          ]),
        ),
      );
    } catch (error) {
      if (view.live()) replace(results, view.failure(error));
    }
  };
  const onChange = (name: keyof Filters) => (event: Event) => {
    filters[name] = (event.target as HTMLInputElement | HTMLSelectElement).value;
    void refresh();
  };
  content.append(
    h(
      'form',
      {
        class: 'filters',
        role: 'search',
        'aria-label': 'Filter the history',
        on: { submit: (event) => event.preventDefault() },
      },
      field(
        'Agent',
        select([['', 'all agents'], ...agents.items.map((a) => [a.slug, a.slug] as [string, string])], '', {
          on: { change: onChange('agent') },
        }),
      ),
      field('Tool', h('input', { type: 'text', autocomplete: 'off', on: { change: onChange('tool') } })),
      field(
        'Key',
        select(
          [
            ['', 'all keys'],
            ...keys.items.map((k) => [k.id, `${k.name} (${k.displayPrefix}…)`] as [string, string]),
          ],
          '',
          { on: { change: onChange('key') } },
        ),
      ),
      field(
        'Outcome',
        select(
          OUTCOMES.map((o) => [o, o === '' ? 'any' : o] as const),
          '',
          { on: { change: onChange('outcome') } },
        ),
      ),
      field('At or after', h('input', { type: 'datetime-local', on: { change: onChange('since') } })),
      field('Before', h('input', { type: 'datetime-local', on: { change: onChange('until') } })),
    ),
    results,
  );
  await refresh();
}
