import { adminGet, type Page } from './api.js';
import { button, field, h, replace, select } from './dom.js';
import type { Workspace } from './models.js';
import { renderAgent, renderAgents } from './pages/agents.js';
import { renderApproval } from './pages/approval-detail.js';
import { renderApprovals } from './pages/approvals.js';
import { renderHistory } from './pages/history.js';
import { renderKeys } from './pages/keys.js';
import { renderOnboarding } from './pages/onboarding.js';
import { renderOperation, renderOperations } from './pages/operations.js';
import { renderSignIn } from './pages/sign-in.js';
import { renderWorkspaces } from './pages/workspaces.js';
import { currentSession, type Role, setWorkspace, signOut, workspace } from './session.js';
import { createView, type View } from './view.js';

/**
 * The console's front door: the layout (skip link, navigation, workspace, sign out), and the hash
 * router (`#/approvals`, `#/approval/{workspace}/{agent}/{id}`, ...). The fragment never reaches
 * the server, so nothing a page shows is in a request line or a log.
 * @module
 */

interface Route {
  /** Who may see it; `undefined`: anyone signed in. */
  role?: Role;
  nav?: string;
  render(view: View, params: string[]): void | Promise<void>;
}

const ROUTES: Record<string, Route> = {
  approvals: { nav: 'Approvals', render: (view) => renderApprovals(view) },
  approval: { render: (view, [ws = '', agent = '', id = '']) => renderApproval(view, ws, agent, id) },
  workspaces: { role: 'admin', nav: 'Workspaces', render: (view) => renderWorkspaces(view) },
  operations: {
    role: 'admin',
    nav: 'Operations',
    render: (view, [slug]) => (slug === undefined ? renderOperations(view) : renderOperation(view, slug)),
  },
  agents: {
    role: 'admin',
    nav: 'Agents',
    render: (view, [slug]) => (slug === undefined ? renderAgents(view) : renderAgent(view, slug)),
  },
  keys: { role: 'admin', nav: 'Keys', render: (view) => renderKeys(view) },
  onboarding: { role: 'admin', render: (view, [agent = '']) => renderOnboarding(view, agent) },
  history: { role: 'admin', nav: 'History', render: (view) => renderHistory(view) },
};

const main = document.getElementById('main') as HTMLElement;
const status = document.getElementById('status') as HTMLElement;
const nav = document.getElementById('nav') as HTMLElement;
const account = document.getElementById('account') as HTMLElement;

let visit = 0;
let shownRoute = '';
let current: (View & { leave?: () => void }) | undefined;

function parse(): { name: string; params: string[] } {
  const parts = window.location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  const [name = '', ...params] = parts;
  return { name, params: params.filter((part) => part !== '') };
}

async function workspacePicker(): Promise<HTMLElement | undefined> {
  try {
    const page = await adminGet<Page<Workspace>>('/workspaces?limit=500');
    if (page.items.length === 0) return undefined;
    const chosen = page.items.some((item) => item.slug === workspace()) ? workspace() : page.items[0]!.slug;
    if (chosen !== workspace()) setWorkspace(chosen);
    const control = select(
      page.items.map((item) => [item.slug, item.slug] as const),
      chosen,
      {
        id: 'workspace-picker',
        on: {
          change: (event) => {
            setWorkspace((event.target as HTMLSelectElement).value);
            void render();
          },
        },
      },
    );
    return field('Workspace', control);
  } catch {
    return undefined;
  }
}

async function drawChrome(name: string): Promise<void> {
  const session = currentSession();
  if (session === undefined) {
    replace(nav);
    replace(account);
    return;
  }
  const links = Object.entries(ROUTES)
    .filter(
      ([, route]) => route.nav !== undefined && (route.role === undefined || route.role === session.role),
    )
    .map(([key, route]) =>
      h(
        'li',
        {},
        h('a', { href: `#/${key}`, 'aria-current': key === name ? 'page' : undefined }, route.nav!),
      ),
    );
  replace(nav, h('ul', {}, ...links));
  const out = button('Sign out', () => {
    signOut();
    shownRoute = 'signin'; // the outcome below belongs to the page it leads to
    window.location.hash = '#/signin';
    view().announce('Signed out: the key is forgotten.');
  });
  const who = h('span', { class: 'who' }, session.role === 'admin' ? 'Admin key' : 'Approval key');
  replace(account, who, out);
  if (session.role === 'admin') {
    const picker = await workspacePicker();
    if (picker !== undefined) account.insertBefore(picker, who);
  }
}

function view(): View {
  return current ?? createView(main, status, () => false);
}

async function render(): Promise<void> {
  visit += 1;
  const mine = visit;
  current?.leave?.();
  const next = createView(main, status, () => mine === visit) as View & { leave?: () => void };
  current = next;
  const { name, params } = parse();
  // An outcome belongs to the page it happened on: leaving the page clears it.
  if (name !== shownRoute && shownRoute !== '') status.replaceChildren();
  shownRoute = name;
  const session = currentSession();
  if (session === undefined || name === 'signin' || name === '') {
    await drawChrome(name);
    if (!next.live()) return;
    if (session !== undefined) {
      window.location.hash = session.role === 'admin' ? '#/operations' : '#/approvals';
      return;
    }
    renderSignIn(next, () => {
      if (name === 'signin' || name === '') {
        const next = currentSession()?.role === 'admin' ? 'operations' : 'approvals';
        shownRoute = next;
        window.location.hash = `#/${next}`;
      } else void render();
    });
    return;
  }
  await drawChrome(name);
  if (!next.live()) return;
  const route = ROUTES[name];
  if (route === undefined) {
    const content = next.page('Not found');
    content.append(h('p', {}, 'No such page. Pick one from the navigation.'));
    return;
  }
  if (route.role !== undefined && route.role !== session.role) {
    const content = next.page('Admin key needed');
    content.append(
      h(
        'p',
        { class: 'error', role: 'alert' },
        'This page needs an admin key. You are signed in with an approval key, which can only see and decide approval requests.',
      ),
      h('p', {}, h('a', { href: '#/approvals' }, 'Go to approvals')),
    );
    return;
  }
  await route.render(next, params);
}

window.addEventListener('hashchange', () => void render());
void render();
