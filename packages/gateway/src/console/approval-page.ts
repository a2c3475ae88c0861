import type { IncomingMessage } from 'node:http';
import { isApprovalId } from '../approvals/approval-id.js';
import { consoleApprovalPath } from './console-handler.js';

/**
 * Content negotiation of an `approval_url`: a person who opens it in a browser (a navigation
 * asks for `text/html`, not JSON) is sent to the console's page of that request, where they sign
 * in with their approval key; an API client asking for JSON (or anything else) gets the JSON
 * exactly as before. The redirect happens before authentication, as a browser has no bearer
 * header, and it carries nothing but the path the browser already had.
 * @module
 */

/** Whether `accept` asks for HTML rather than JSON: `text/html` named, `application/json` not preferred over it. */
export function prefersHtml(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  let html = -1;
  let json = -1;
  for (const part of accept.toLowerCase().split(',')) {
    const [range = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (!Number.isFinite(weight)) continue;
    if (range === 'text/html') html = Math.max(html, weight);
    if (range === 'application/json') json = Math.max(json, weight);
  }
  return html > 0 && html > json;
}

/** The request an approval path names, as the approval handler parsed it. */
export interface ApprovalPageTarget {
  workspace: string;
  agent: string;
  id?: string | undefined;
  action?: string | undefined;
}

/** Where to send a browser that opened `target` (a `GET` of one request asking for HTML), or undefined. */
export function approvalPageRedirect(
  req: IncomingMessage,
  target: ApprovalPageTarget,
  prefix: string,
): string | undefined {
  if (req.method !== 'GET' || target.action !== undefined || target.id === undefined) return undefined;
  if (!isApprovalId(target.id) || !prefersHtml(req.headers.accept)) return undefined;
  return consoleApprovalPath(prefix, target.workspace, target.agent, target.id);
}
