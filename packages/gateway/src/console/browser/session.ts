/**
 * Who is signed in: the key, kept in this tab's `sessionStorage` only (never `localStorage`, never a
 * cookie, so no other site can make the browser act with it and it ends with the tab), its role,
 * and the workspace (and, for an approver, agent) the pages show. Signing out forgets all of it.
 * @module
 */

/** `admin` sees every page; `approver` (an approval key) sees approvals only. */
export type Role = 'admin' | 'approver';

export interface Session {
  key: string;
  role: Role;
}

const KEY = 'mcpforge.console.key';
const ROLE = 'mcpforge.console.role';
const WORKSPACE = 'mcpforge.console.workspace';
const AGENT = 'mcpforge.console.agent';

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined; // storage disabled: the key then lives in memory only
  }
}

let memory: Session | undefined;
const scope = { workspace: '', agent: '' };

/** The signed-in session, or undefined. */
export function currentSession(): Session | undefined {
  if (memory !== undefined) return memory;
  const store = storage();
  const key = store?.getItem(KEY);
  const role = store?.getItem(ROLE);
  if (key && (role === 'admin' || role === 'approver')) memory = { key, role };
  return memory;
}

export function signIn(session: Session): void {
  memory = session;
  storage()?.setItem(KEY, session.key);
  storage()?.setItem(ROLE, session.role);
}

/** Forgets the key and everything chosen with it. */
export function signOut(): void {
  memory = undefined;
  scope.workspace = '';
  scope.agent = '';
  const store = storage();
  for (const name of [KEY, ROLE, WORKSPACE, AGENT]) store?.removeItem(name);
}

/** The workspace the pages show ('' before one is chosen). */
export function workspace(): string {
  return scope.workspace || storage()?.getItem(WORKSPACE) || '';
}

export function setWorkspace(slug: string): void {
  scope.workspace = slug;
  storage()?.setItem(WORKSPACE, slug);
}

/** An approver's agent ('' before one is chosen). */
export function agent(): string {
  return scope.agent || storage()?.getItem(AGENT) || '';
}

export function setAgent(slug: string): void {
  scope.agent = slug;
  storage()?.setItem(AGENT, slug);
}
