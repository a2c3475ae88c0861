import { ApiError, adminBase, call } from '../api.js';
import { field, h } from '../dom.js';
import { type Role, signIn } from '../session.js';
import { describe, type View } from '../view.js';

/**
 * Sign in with an admin key or an approval key. An admin key is checked against the admin API;
 * an approval key can only be checked against an agent's approval API, which the approvals
 * pages do on their first request (a refused key is reported there).
 * @module
 */

const APPROVAL_PREFIX = 'mcpf_apr_';

async function roleOf(key: string): Promise<Role> {
  if (key.startsWith(APPROVAL_PREFIX)) return 'approver';
  try {
    await call('GET', `${adminBase()}/workspaces?limit=1`, undefined, key);
    return 'admin';
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      throw new Error('The gateway does not accept this key: it is unknown, malformed or revoked.');
    }
    if (error instanceof ApiError && error.code === 'key_wrong_type') {
      throw new Error('This is an MCP client key. Sign in with an admin key or an approval key.');
    }
    throw error;
  }
}

export function renderSignIn(view: View, done: () => void): void {
  const content = view.page('Sign in');
  const input = h('input', {
    type: 'password',
    name: 'key',
    autocomplete: 'off',
    spellcheck: 'false',
    required: true,
  });
  const message = h('div', { 'aria-live': 'polite' });
  const submit = h('button', { type: 'submit', class: 'btn btn-primary' }, 'Sign in');
  const form = h(
    'form',
    {
      class: 'card narrow',
      on: {
        submit: (event) => {
          event.preventDefault();
          const key = input.value.trim();
          if (key === '') return;
          submit.disabled = true;
          message.replaceChildren();
          roleOf(key)
            .then((role) => {
              signIn({ key, role });
              input.value = '';
              view.announce(
                role === 'admin' ? 'Signed in with an admin key.' : 'Signed in with an approval key.',
              );
              done();
            })
            .catch((error: unknown) => {
              message.replaceChildren(h('p', { class: 'error', role: 'alert' }, describe(error)));
            })
            .finally(() => {
              submit.disabled = false;
            });
        },
      },
    },
    field(
      'API key',
      input,
      'An admin key (mcpf_adm_…) or an approval key (mcpf_apr_…). It stays in this tab only and is forgotten when you sign out or close the tab.',
    ),
    submit,
    message,
  );
  content.append(form);
  input.focus();
}
