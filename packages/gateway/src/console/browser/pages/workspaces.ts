import { adminGet, adminSend, type Page, seg } from '../api.js';
import { field, h, replace, table } from '../dom.js';
import { time } from '../format.js';
import { actionForm } from '../forms.js';
import type { Section, UpstreamHost, Workspace } from '../models.js';
import { setWorkspace, workspace } from '../session.js';
import type { View } from '../view.js';

/**
 * Workspaces, and the current one's sections and upstream allow-list (an operation publishes
 * only when its host is on the list).
 * @module
 */

export async function renderWorkspaces(view: View): Promise<void> {
  const content = view.page('Workspaces');
  const list = h('div');
  const slug = h('input', {
    type: 'text',
    required: true,
    pattern: '[a-z0-9]+(-[a-z0-9]+)*',
    autocomplete: 'off',
  });
  content.append(
    list,
    actionForm(
      'New workspace',
      'Create workspace',
      [field('Slug', slug, 'Lowercase letters, digits and dashes.')],
      async () => {
        const created = await adminSend<Workspace>('POST', '/workspaces', { slug: slug.value.trim() });
        setWorkspace(created.slug);
        view.announce(`Workspace ${created.slug} created.`);
        window.dispatchEvent(new HashChangeEvent('hashchange'));
      },
    ),
  );
  const page = await adminGet<Page<Workspace>>('/workspaces?limit=500');
  if (!view.live()) return;
  replace(
    list,
    table(
      'Workspaces',
      ['Slug', 'Created'],
      page.items.map((item) => [item.slug, time(item.createdAt)]),
    ),
  );
  const current = workspace();
  if (current === '') return;
  const base = `/workspaces/${seg(current)}`;
  const [sections, hosts] = await Promise.all([
    adminGet<Page<Section>>(`${base}/sections?limit=500`),
    adminGet<Page<UpstreamHost>>(`${base}/upstream-hosts?limit=500`),
  ]);
  if (!view.live()) return;
  const sectionSlug = h('input', { type: 'text', required: true, autocomplete: 'off' });
  const sectionTitle = h('input', { type: 'text', required: true, autocomplete: 'off' });
  const sectionText = h('input', { type: 'text', autocomplete: 'off' });
  const host = h('input', { type: 'text', required: true, autocomplete: 'off' });
  const loopback = h('input', { type: 'checkbox', id: 'allow-loopback' });
  const privateNet = h('input', { type: 'checkbox', id: 'allow-private' });
  const reload = () => window.dispatchEvent(new HashChangeEvent('hashchange'));
  content.append(
    h('h2', {}, `In workspace ${current}`),
    table(
      'Sections',
      ['Slug', 'Title', 'Description'],
      sections.items.map((item) => [item.slug, item.title, item.description ?? '']),
    ),
    actionForm(
      'New section',
      'Create section',
      [field('Slug', sectionSlug), field('Title', sectionTitle), field('Description', sectionText)],
      async () => {
        const body: Record<string, string> = {
          slug: sectionSlug.value.trim(),
          title: sectionTitle.value.trim(),
        };
        if (sectionText.value.trim() !== '') body['description'] = sectionText.value.trim();
        await adminSend('POST', `${base}/sections`, body);
        view.announce('Section created.');
        reload();
      },
    ),
    table(
      'Upstream allow-list',
      ['Host pattern', 'Loopback', 'Private'],
      hosts.items.map((item) => [
        item.hostPattern,
        item.allowLoopback ? 'allowed' : 'no',
        item.allowPrivate ? 'allowed' : 'no',
      ]),
    ),
    actionForm(
      'Allow an upstream host',
      'Allow host',
      [
        field('Host pattern', host, 'api.example.com, *.example.com, or host:port'),
        h('div', { class: 'check' }, loopback, h('label', { for: loopback.id }, 'Allow loopback addresses')),
        h(
          'div',
          { class: 'check' },
          privateNet,
          h('label', { for: privateNet.id }, 'Allow private addresses'),
        ),
      ],
      async () => {
        await adminSend('POST', `${base}/upstream-hosts`, {
          hostPattern: host.value.trim(),
          allowLoopback: loopback.checked,
          allowPrivate: privateNet.checked,
        });
        view.announce('Host allowed.');
        reload();
      },
    ),
  );
}
