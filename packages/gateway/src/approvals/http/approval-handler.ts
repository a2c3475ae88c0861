import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AdminRequest, AdminResponse, BodyFailure } from '../../admin/admin-exchange.js';
import { GatewayError } from '../../errors/gateway-error.js';
import { ApprovalApi, type ApprovalApiServices } from './approval-api.js';
import { approvalTargetOf } from './approval-path.js';

/**
 * The approval API as a `node:http` handler for the gateway's listener: it answers paths under
 * `{prefix}/v1/{workspace}/{agent}/approvals` and leaves every other request alone.
 * @module
 */

/** Answers `req` when its path is an approval path and resolves true; else false, untouched. */
export type ApprovalHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/**
 * The body, at most `maxBytes` of it. Listening starts at once, so a client that leaves while
 * its key is checked still settles the promise; past the bound the chunks are dropped.
 */
function readBody(req: IncomingMessage, maxBytes: number): Promise<Uint8Array | undefined | BodyFailure> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let ended = false;
    req.on('data', (chunk: Buffer) => {
      if (size > maxBytes) return;
      size += chunk.byteLength;
      if (size > maxBytes) {
        chunks.length = 0;
        resolve('too_large');
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      ended = true;
      if (size <= maxBytes) resolve(size === 0 ? undefined : Buffer.concat(chunks));
    });
    req.on('close', () => {
      if (!ended && size <= maxBytes)
        reject(new GatewayError('malformed_json', 'the body ended before it was complete'));
    });
    req.on('error', reject);
  });
}

function exchangeOf(req: IncomingMessage, maxBytes: number): AdminRequest {
  const body = readBody(req, maxBytes);
  body.catch(() => undefined);
  return {
    method: req.method ?? 'GET',
    target: req.url ?? '/',
    header: (name) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    readBody: () => body,
  };
}

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
    write(res, await api.answer(exchangeOf(req, services.maxBodyBytes), target, requestId));
    return true;
  };
}
