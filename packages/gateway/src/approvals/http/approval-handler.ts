import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AdminResponse } from '../../admin/admin-exchange.js';
import { nodeRequest } from '../../admin/node-request.js';
import { approvalPageRedirect } from '../../console/approval-page.js';
import { ApprovalApi, type ApprovalApiServices } from './approval-api.js';
import { approvalTargetOf } from './approval-path.js';

/**
 * The approval API as a `node:http` handler for the gateway's listener: it answers paths under
 * `{prefix}/v1/{workspace}/{agent}/approvals` and leaves every other request alone.
 * @module
 */

/** Answers `req` when its path is an approval path and resolves true; else false, untouched. */
export type ApprovalHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

function write(res: ServerResponse, response: AdminResponse): void {
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  // Decisions and previews are per person and change: never cached by a proxy or a browser.
  res.setHeader('cache-control', 'no-store');
  res.statusCode = response.status;
  res.end(response.body);
}

/** The approval API of every agent under `services.prefix`. */
export function createApprovalHandler(services: ApprovalApiServices): ApprovalHandler {
  const api = new ApprovalApi(services);
  return async (req, res) => {
    const target = approvalTargetOf(req.url ?? '/', services.prefix);
    if (target === undefined) return false;
    // The gateway's listener sets x-request-id first; on its own the handler makes one.
    const existing = res.getHeader('x-request-id');
    const requestId = typeof existing === 'string' && existing !== '' ? existing : randomUUID();
    res.setHeader('x-request-id', requestId);
    // A person who opens the approval_url in a browser gets the console's page of the request.
    const page = approvalPageRedirect(req, target, services.prefix);
    if (page !== undefined) {
      req.resume();
      res.writeHead(303, { location: page, 'cache-control': 'no-store', vary: 'Accept' }).end();
      return true;
    }
    write(res, await api.answer(nodeRequest(req, services.maxBodyBytes), target, requestId));
    return true;
  };
}
