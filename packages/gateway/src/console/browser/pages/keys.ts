import { adminGet, adminSend, type Page, seg } from '../api.js';
import { copyButton } from '../copy.js';
import { button, field, h, replace, select, table } from '../dom.js';
import { time } from '../format.js';
import { actionForm, listOf } from '../forms.js';
import type { Agent, ApiKey } from '../models.js';
import { workspace } from '../session.js';
import { describe, type View } from '../view.js';

/**
 * API keys: create one (type, agent or workspace, allowed origins) and see its value once, with
 * a copy button; the list with last use (never values); revoke with a confirmation.
 * @module
 */

const TYPES = [
  ['mcp_client', 'MCP client (for an agent’s MCP endpoint)'],
  ['approval', 'Approval (for people deciding approval requests)'],
  ['admin', 'Admin (this console and the admin API)'],
] as const;

function scopeOf(key: ApiKey): string {
  if (key.workspace === null) return 'gateway';
  return key.agent === null ? `workspace ${key.workspace}` : `${key.workspace}/${key.agent}`;
}

export async function renderKeys(view: View): Promise<void> {
  const content = view.page('API keys');
  const [keys, agents] = await Promise.all([
    adminGet<Page<ApiKey>>('/keys?limit=500&includeRevoked=true'),
    workspace() === ''
      ? Promise.resolve({ items: [] as Agent[] })
      : adminGet<Page<Agent>>(`/workspaces/${seg(workspace())}/agents?limit=500`),
  ]);
  if (!view.live()) return;
  const type = select(TYPES, 'mcp_client');
  const name = h('input', { type: 'text', required: true, autocomplete: 'off' });
  const agent = select(
    [['', 'the whole workspace'], ...agents.items.map((item) => [item.slug, item.slug] as [string, string])],
    '',
  );
  const origins = h('input', { type: 'text', autocomplete: 'off' });
  const created = h('div', { 'aria-live': 'polite' });
  const reload = () => window.dispatchEvent(new HashChangeEvent('hashchange'));
  const form = actionForm(
    'New key',
    'Create key',
    [
      field('Type', type),
      field('Name', name, 'Who or what uses it, for the list.'),
      field(
        'Agent',
        agent,
        `In workspace ${workspace() || '(none)'}. An MCP client key needs an agent; admin keys take none.`,
      ),
      field(
        'Allowed origins',
        origins,
        'Approval keys only: browser origins allowed to use it, separated by commas.',
      ),
    ],
    async () => {
      const body: Record<string, unknown> = { type: type.value, name: name.value.trim() };
      if (type.value !== 'admin') {
        body['workspace'] = workspace();
        if (agent.value !== '') body['agent'] = agent.value;
      }
      if (type.value === 'approval' && origins.value.trim() !== '')
        body['allowedOrigins'] = listOf(origins.value);
      const answer = await adminSend<{ key: ApiKey; value: string }>('POST', '/keys', body);
      const valueNode = h('code', { class: 'secret', id: 'new-key-value' }, answer.value);
      replace(
        created,
        h(
          'div',
          { class: 'card once', role: 'status' },
          h('h2', {}, `Key “${answer.key.name}” created`),
          h('p', {}, 'Copy it now: this is the only time its value is shown.'),
          h('p', {}, valueNode),
          h(
            'div',
            { class: 'actions' },
            copyButton('Copy key', () => answer.value, valueNode, view.announce),
            button('Done, hide it', () => {
              replace(created);
              reload();
            }),
          ),
        ),
      );
      name.value = '';
      view.announce('Key created; its value is shown once.');
    },
  );
  const confirmBox = h('div', { 'aria-live': 'polite' });
  const revoke = (key: ApiKey, trigger: HTMLButtonElement) => {
    const yes = button(
      `Yes, revoke ${key.name}`,
      () => {
        adminSend('POST', `/keys/${seg(key.id)}/revoke`)
          .then(() => {
            view.announce(`Key ${key.name} revoked.`);
            reload();
          })
          .catch((error: unknown) =>
            replace(confirmBox, h('p', { class: 'error', role: 'alert' }, describe(error))),
          );
      },
      'danger',
    );
    replace(
      confirmBox,
      h(
        'p',
        {},
        `Revoke “${key.name}” (${key.displayPrefix}…)? Every request with it is refused from now on, open sessions too.`,
      ),
      h(
        'div',
        { class: 'actions' },
        yes,
        button('Cancel', () => {
          replace(confirmBox);
          trigger.focus();
        }),
      ),
    );
    yes.focus();
  };
  content.append(
    form,
    created,
    confirmBox,
    table(
      'Keys, newest first (values are never shown again)',
      ['Name', 'Type', 'Scope', 'Prefix', 'Created', 'Last used', 'State'],
      keys.items.map((key) => {
        const action: HTMLButtonElement =
          key.revokedAt === null
            ? button('Revoke…', () => revoke(key, action), 'danger', { 'aria-label': `Revoke ${key.name}` })
            : h('button', { type: 'button', class: 'btn', disabled: true }, 'Revoked');
        return [
          key.name,
          key.type,
          scopeOf(key),
          h('code', {}, `${key.displayPrefix}…`),
          time(key.createdAt),
          time(key.lastUsedAt),
          key.revokedAt === null ? action : h('span', {}, `revoked ${time(key.revokedAt)}`),
        ];
      }),
    ),
  );
}
