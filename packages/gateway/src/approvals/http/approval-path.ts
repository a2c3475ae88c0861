import { SLUG_PATTERN } from '../../catalog/slug.js';

/**
 * The paths of the approval API, below the MCP endpoint of an agent:
 * `{prefix}/v1/{workspace}/{agent}/approvals`, `.../approvals/{id}`,
 * `.../approvals/{id}/approve` and `.../approvals/{id}/deny`.
 * @module
 */

/** What an approval path names. `action` is absent for the list and for one request. */
export interface ApprovalTarget {
  workspace: string;
  agent: string;
  /** Absent for the list. */
  id?: string | undefined;
  /** `approve`, `deny`, or another last segment (no such resource: a 404 after authentication). */
  action?: string | undefined;
}

/** The URL path of request `id` of `{workspace}/{agent}` (the `approval_url` the MCP result gives). */
export function approvalPath(prefix: string, workspace: string, agent: string, id: string): string {
  return `${prefix}/v1/${workspace}/${agent}/approvals/${id}`;
}

/**
 * The target of `url` when its path is an approval path under `prefix` (4 to 6 segments after
 * the prefix, the fourth `approvals`), else undefined: the MCP endpoint (3 segments) and
 * anything else are not the approval API's.
 */
export function approvalTargetOf(url: string, prefix: string): ApprovalTarget | undefined {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (!path.startsWith(prefix) || path.charCodeAt(prefix.length) !== 47 /* / */) return undefined;
  const rest = path.slice(prefix.length + 1).split('/');
  if (rest.length < 4 || rest.length > 6 || rest[0] !== 'v1' || rest[3] !== 'approvals') return undefined;
  const [, workspace = '', agent = '', , id, action] = rest;
  if (!SLUG_PATTERN.test(workspace) || !SLUG_PATTERN.test(agent)) return undefined;
  // An empty segment (a trailing slash) names nothing: not found, answered after authentication.
  return { workspace, agent, id, action };
}
