import { currentSession } from './session.js';

/**
 * The console's only way to the gateway: the admin API (`{prefix}/admin/v1`) and the approval
 * API (`{prefix}/v1/{workspace}/{agent}/approvals`), with the signed-in key as a bearer header.
 * The console can do nothing these APIs cannot.
 * @module
 */

/** A refusal of the API: its status and the problem's `code` and `detail`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, detail: string) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** The gateway's prefix: the console is served at `{prefix}/console/`. */
export function prefix(): string {
  const path = window.location.pathname;
  const at = path.lastIndexOf('/console/');
  return at === -1 ? '' : path.slice(0, at);
}

/** `{prefix}/admin/v1`. */
export const adminBase = (): string => `${prefix()}/admin/v1`;

/** The MCP endpoint of an agent, absolute. */
export function mcpUrl(workspace: string, agent: string): string {
  return `${window.location.origin}${prefix()}/v1/${workspace}/${agent}`;
}

/** `{prefix}/v1/{workspace}/{agent}/approvals`. */
export function approvalsBase(workspace: string, agent: string): string {
  return `${prefix()}/v1/${encodeURIComponent(workspace)}/${encodeURIComponent(agent)}/approvals`;
}

/** A query string of the defined, non-empty values. */
export function query(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Calls `path` (absolute on this origin) with the session's key; resolves the JSON answer. */
export async function call<T>(method: string, path: string, body?: unknown, key?: string): Promise<T> {
  const bearer = key ?? currentSession()?.key;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (bearer !== undefined) headers['authorization'] = `Bearer ${bearer}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const init: RequestInit = { method, headers, cache: 'no-store', credentials: 'omit' };
  if (body !== undefined) init.body = JSON.stringify(body);
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, 'network', 'The gateway did not answer. Check that it is running.');
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const problem = (json ?? {}) as {
      code?: unknown;
      detail?: unknown;
      error?: { code?: unknown; message?: unknown };
    };
    const code = String(problem.code ?? problem.error?.code ?? `http_${response.status}`);
    const detail = String(problem.detail ?? problem.error?.message ?? response.statusText);
    throw new ApiError(response.status, code, detail);
  }
  return json as T;
}

/** A page of a list, as the admin API answers it. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** GET on the admin API. */
export const adminGet = <T>(path: string): Promise<T> => call<T>('GET', `${adminBase()}${path}`);
/** POST/PUT on the admin API. */
export const adminSend = <T>(method: 'POST' | 'PUT' | 'PATCH', path: string, body?: unknown): Promise<T> =>
  call<T>(method, `${adminBase()}${path}`, body);

/** `ws` as a path segment. */
export const seg = (value: string): string => encodeURIComponent(value);
