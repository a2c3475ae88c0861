import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { limitKey, type TakeToken } from '../http/api-rate-limit.js';
import { AdminApi } from './admin-api.js';
import type { AdminRequest, AdminResponse, BodyFailure } from './admin-exchange.js';
import { type AdminHandlerOptions, resolveAdminOptions } from './admin-options.js';
import { nodeRequest } from './node-request.js';

/** Where the admin API reports failures no caller should see (the caller gets a bare `internal`). */
export interface AdminHandlerHooks {
  onError?: ((error: unknown) => void) | undefined;
  /** Takes one request from an admin key's budget (0 when allowed, else ms to wait): 429 past it. */
  rateLimit?: TakeToken | undefined;
}

/** A `node:http` request handler for the admin API. */
export interface AdminHandler {
  /** Answers `req` when it is under `{prefix}/admin/v1` and resolves true; else false, untouched. */
  (req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Closes the handler's own key verifier (none when one was given). */
  close(): Promise<void>;
}

/** A fetch-style admin handler: a Response, or undefined when the request is not its. */
export interface AdminFetchHandler {
  (request: Request): Promise<Response | undefined>;
  close(): Promise<void>;
}

function requestIdOf(res: ServerResponse): string {
  // The gateway's listener sets x-request-id first; on its own the handler makes one.
  const existing = res.getHeader('x-request-id');
  if (typeof existing === 'string' && existing !== '') return existing;
  const id = randomUUID();
  res.setHeader('x-request-id', id);
  return id;
}

function writeNode(res: ServerResponse, response: AdminResponse): void {
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  res.setHeader('cache-control', 'no-store');
  res.statusCode = response.status;
  res.end(response.body);
}

/**
 * The admin API as a `node:http` handler, to mount in the gateway's listener: it answers JSON
 * REST under `{prefix}/admin/v1` for `admin` keys only and leaves every other path alone.
 * @throws TypeError / RangeError for bad options.
 */
export function createAdminHandler(options: AdminHandlerOptions & AdminHandlerHooks): AdminHandler {
  const resolved = resolveAdminOptions(options);
  const api = new AdminApi(resolved, options.onError ?? (() => undefined));
  const handler = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const path = api.handles(req.url ?? '/');
    if (path === undefined) return false;
    const requestId = requestIdOf(res);
    const limited = await limitKey(
      resolved.verifier,
      req.headers.authorization,
      'admin',
      options.rateLimit,
      requestId,
    );
    if (limited !== undefined) {
      req.resume();
      writeNode(res, limited);
      return true;
    }
    writeNode(res, await api.answer(nodeRequest(req, resolved.maxBodyBytes), path, requestId));
    return true;
  };
  return Object.assign(handler, { close: () => closeOwned(resolved) });
}

async function closeOwned(resolved: ReturnType<typeof resolveAdminOptions>): Promise<void> {
  if (resolved.ownsVerifier) await resolved.verifier.close();
}

async function readFetchBody(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array | undefined | BodyFailure> {
  if (request.body === null) return undefined;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return 'too_large';
    }
    chunks.push(value);
  }
  return size === 0 ? undefined : Buffer.concat(chunks);
}

/** The admin API for fetch-style runtimes (`Request` in, `Response` out). */
export function createAdminFetchHandler(options: AdminHandlerOptions & AdminHandlerHooks): AdminFetchHandler {
  const resolved = resolveAdminOptions(options);
  const api = new AdminApi(resolved, options.onError ?? (() => undefined));
  const handler = async (request: Request): Promise<Response | undefined> => {
    const url = new URL(request.url);
    const target = `${url.pathname}${url.search}`;
    const path = api.handles(target);
    if (path === undefined) return undefined;
    const requestId = randomUUID();
    const adminRequest: AdminRequest = {
      method: request.method,
      target,
      header: (name) => request.headers.get(name) ?? undefined,
      readBody: (maxBytes) => readFetchBody(request, maxBytes),
    };
    const response = await api.answer(adminRequest, path, requestId);
    const headers = new Headers({
      ...response.headers,
      'x-request-id': requestId,
      'cache-control': 'no-store',
    });
    headers.delete('connection');
    return new Response(response.body ?? null, { status: response.status, headers });
  };
  return Object.assign(handler, { close: () => closeOwned(resolved) });
}
