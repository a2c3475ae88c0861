import { adminGet, adminSend, type Page, seg } from '../api.js';
import { barChart } from '../charts.js';
import { button, field, h, replace, select, table } from '../dom.js';
import { bytes, time } from '../format.js';
import { actionForm } from '../forms.js';
import type { Agent, AgentDraft, AgentVersion, AgentVersionSummary, Operation, Section } from '../models.js';
import { workspace } from '../session.js';
import { describe, type View } from '../view.js';

/**
 * Agents: compose one from published operations, choose delivery (direct or search), sections and
 * the search limit, publish; then what each published catalog costs a model (tool count, bytes,
 * estimated tokens, largest tool, warnings) with a chart across versions, and the quality warnings
 * of the latest (the gateway measures them per delivery mode at publish).
 * @module
 */

export async function renderAgents(view: View): Promise<void> {
  const content = view.page('Agents');
  if (workspace() === '') {
    content.append(
      h('p', {}, 'Create a workspace first: ', h('a', { href: '#/workspaces' }, 'Workspaces'), '.'),
    );
    return;
  }
  const base = `/workspaces/${seg(workspace())}/agents`;
  const slug = h('input', { type: 'text', required: true, autocomplete: 'off' });
  const page = await adminGet<Page<Agent>>(`${base}?limit=500&includeArchived=true`);
  if (!view.live()) return;
  content.append(
    page.items.length === 0
      ? h('p', { class: 'empty' }, 'No agents yet.')
      : table(
          `Agents of ${workspace()}`,
          ['Agent', 'Delivery', 'Operations', 'State', 'Onboarding'],
          page.items.map((item) => [
            h('a', { href: `#/agents/${seg(item.slug)}` }, item.slug),
            item.draft.delivery,
            String(item.draft.operations.length),
            item.archivedAt !== null
              ? 'archived'
              : item.latestVersion === 0
                ? 'never published'
                : `published v${item.latestVersion}`,
            h('a', { href: `#/onboarding/${seg(item.slug)}` }, `Connect ${item.slug}`),
          ]),
        ),
    actionForm('New agent', 'Create agent', [field('Slug', slug, 'Part of its MCP URL.')], async () => {
      const created = await adminSend<Agent>('POST', base, { slug: slug.value.trim() });
      view.announce(`Agent ${created.slug} created.`);
      window.location.hash = `#/agents/${seg(created.slug)}`;
    }),
  );
}

function checkboxes(
  legend: string,
  name: string,
  options: [string, string][],
  chosen: string[],
): HTMLFieldSetElement {
  return h(
    'fieldset',
    { class: 'choices' },
    h('legend', {}, legend),
    ...(options.length === 0 ? [h('p', { class: 'hint' }, 'None available.')] : []),
    ...options.map(([value, label], index) =>
      h(
        'div',
        { class: 'check' },
        h('input', {
          type: 'checkbox',
          name,
          value,
          id: `${name}-${index}`,
          checked: chosen.includes(value),
        }),
        h('label', { for: `${name}-${index}` }, label),
      ),
    ),
  );
}

function checked(set: HTMLFieldSetElement): string[] {
  return Array.from(set.querySelectorAll('input:checked')).map((input) => (input as HTMLInputElement).value);
}

function metricsSection(versions: AgentVersionSummary[], latest: AgentVersion | undefined): HTMLElement {
  const section = h(
    'section',
    { 'aria-labelledby': 'metrics-title' },
    h('h2', { id: 'metrics-title' }, 'Catalog metrics'),
  );
  if (versions.length === 0) {
    section.append(h('p', { class: 'empty' }, 'Not published yet.'));
    return section;
  }
  section.append(
    table(
      'Published versions',
      [
        'Version',
        'Published',
        'Delivery',
        'Tools',
        'Catalog bytes',
        'tools/list bytes',
        'Est. tokens',
        'Largest tool',
        'Warnings',
      ],
      versions.map((item) => [
        `v${item.version}`,
        time(item.publishedAt),
        item.metrics.delivery,
        `${item.metrics.toolCount}${item.metrics.exceedsRecommendation ? ` (over ${item.metrics.recommendedMaxTools})` : ''}`,
        bytes(item.metrics.catalogBytes),
        bytes(item.metrics.toolsListBytes),
        String(item.metrics.estimatedTokens),
        item.metrics.largestTool === null
          ? '—'
          : `${item.metrics.largestTool} (${bytes(item.metrics.largestToolBytes)})`,
        String(item.metrics.qualityWarnings),
      ]),
    ),
    barChart(
      'Catalog size across versions (bytes of tools/list)',
      versions.map((item) => `v${item.version}`),
      [
        {
          name: 'catalog bytes',
          className: 'bar-a',
          values: versions.map((item) => item.metrics.toolsListBytes),
        },
      ],
    ),
  );
  if (latest !== undefined) {
    section.append(
      h('h3', {}, `Quality warnings of v${latest.agentVersion} (${latest.metrics.delivery} delivery)`),
    );
    section.append(
      latest.warnings.length === 0
        ? h('p', {}, 'No warnings.')
        : h(
            'ul',
            { class: 'warnings' },
            ...latest.warnings.map((warning) =>
              h(
                'li',
                {},
                h('code', {}, warning.code),
                warning.tool ? ` — ${warning.tool}: ` : ': ',
                warning.message,
              ),
            ),
          ),
    );
  }
  return section;
}

export async function renderAgent(view: View, slug: string): Promise<void> {
  const content = view.page(`Agent ${slug}`);
  const ws = `/workspaces/${seg(workspace())}`;
  const base = `${ws}/agents/${seg(slug)}`;
  const [agent, operations, sections, versions] = await Promise.all([
    adminGet<Agent>(base),
    adminGet<Page<Operation>>(`${ws}/operations?limit=500`),
    adminGet<Page<Section>>(`${ws}/sections?limit=500`),
    adminGet<Page<AgentVersionSummary>>(`${base}/versions?limit=500`),
  ]);
  const latest =
    agent.latestVersion > 0
      ? await adminGet<AgentVersion>(`${base}/versions/${agent.latestVersion}`)
      : undefined;
  if (!view.live()) return;
  const draft = agent.draft;
  const published = operations.items.filter((item) => item.latestVersion > 0);
  const ops = checkboxes(
    'Operations (published ones only reach the catalog)',
    'operation',
    published.map((item) => [item.slug, `${item.slug} (${item.draft.name}, v${item.latestVersion})`]),
    draft.operations,
  );
  const secs = checkboxes(
    'Sections',
    'section',
    sections.items.map((item) => [item.slug, item.title]),
    draft.sections,
  );
  const delivery = select(
    [
      ['direct', 'direct: tools/list lists every tool'],
      ['search', 'search: search_tools and call_tool only'],
    ],
    draft.delivery,
  );
  const limit = h('input', { type: 'number', min: 1, max: 20, value: draft.defaultSearchLimit });
  const message = h('div', { 'aria-live': 'polite' });
  const act = (work: () => Promise<void>) => {
    replace(message);
    work().catch((error: unknown) =>
      replace(message, h('p', { class: 'error', role: 'alert' }, describe(error))),
    );
  };
  const next = (): AgentDraft => ({
    ...draft,
    operations: checked(ops),
    sections: checked(secs),
    delivery: delivery.value === 'search' ? 'search' : 'direct',
    defaultSearchLimit: Number(limit.value),
  });
  const form = h(
    'form',
    {
      class: 'card editor',
      'aria-label': 'Agent draft',
      on: {
        submit: (event) => {
          event.preventDefault();
          act(async () => {
            await adminSend('PUT', `${base}/draft`, {
              draft: next(),
              expectedDraftRevision: agent.draftRevision,
            });
            view.announce('Agent draft saved.');
            window.dispatchEvent(new HashChangeEvent('hashchange'));
          });
        },
      },
    },
    ops,
    secs,
    field('Delivery', delivery),
    field('Search limit', limit, 'Results of search_tools when the client gives none (1 to 20).'),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'btn btn-secondary' }, 'Save draft')),
  );
  const publish = button(
    'Publish agent',
    () =>
      act(async () => {
        const answer = await adminSend<{ catalog?: { agentVersion?: number } }>('POST', `${base}/publish`);
        view.announce(
          `Agent published${answer.catalog?.agentVersion ? ` as v${answer.catalog.agentVersion}` : ''}.`,
        );
        window.dispatchEvent(new HashChangeEvent('hashchange'));
      }),
    'primary',
  );
  content.append(
    h(
      'p',
      {},
      h('a', { href: '#/agents' }, '← All agents'),
      ' · ',
      h('a', { href: `#/onboarding/${seg(slug)}` }, 'Onboarding'),
    ),
    h(
      'p',
      { class: 'state' },
      agent.latestVersion === 0
        ? `Never published; draft r${agent.draftRevision}.`
        : `Published v${agent.latestVersion}; draft r${agent.draftRevision}.`,
    ),
    form,
    h('div', { class: 'actions' }, publish),
    message,
    metricsSection(versions.items, latest),
  );
}
