import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ConsoleBundle, ConsoleNotBuiltError, loadConsoleBundle } from './console-assets.js';
import { ASSET_CACHE, SECURITY_HEADERS, SHELL_CACHE } from './console-headers.js';

/**
 * The web console as a `node:http` handler for the gateway's listener: `{prefix}/console/` is
 * the HTML shell, `{prefix}/console/assets/<hash>/...` the hashed front end; anything else under
 * `{prefix}/console` is a 404 (the pages are fragments of the shell's URL, `#/approvals`). It
 * serves files only: every action of the console goes through the admin and approval APIs.
 * @module
 */

/** Answers `req` when its path is under `{prefix}/console` and resolves true; else false. */
export type ConsoleHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

export interface ConsoleHandlerOptions {
  prefix: string;
  /** Reads the front end (tests pass their own); read once, on the first request. */
  load?: () => Promise<ConsoleBundle>;
}

/** `{prefix}/console/`: where the console lives, and what an `approval_url` opened in a browser leads to. */
export function consolePath(prefix: string): string {
  return `${prefix}/console/`;
}

/** The console page of one approval request (the fragment never reaches a server or a log). */
export function consoleApprovalPath(prefix: string, workspace: string, agent: string, id: string): string {
  return `${consolePath(prefix)}#/approval/${workspace}/${agent}/${encodeURIComponent(id)}`;
}

function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body?: Buffer | string,
): void {
  res.writeHead(status, { ...SECURITY_HEADERS, ...headers });
  res.end(body);
}

export function createConsoleHandler(options: ConsoleHandlerOptions): ConsoleHandler {
  const root = `${options.prefix}/console`;
  const load = options.load ?? (() => loadConsoleBundle());
  let bundle: Promise<ConsoleBundle> | undefined;
  return async (req, res) => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (path !== root && !path.startsWith(`${root}/`)) return false;
    req.resume();
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      send(
        res,
        405,
        { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' },
        'Method Not Allowed',
      );
      return true;
    }
    if (path === root) {
      send(res, 308, { location: `${root}/`, 'cache-control': SHELL_CACHE });
      return true;
    }
    bundle ??= load();
    let current: ConsoleBundle;
    try {
      current = await bundle;
    } catch (error) {
      bundle = undefined; // a build may come later; try again on the next request
      const message =
        error instanceof ConsoleNotBuiltError ? error.message : 'the console could not be loaded';
      send(res, 503, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, message);
      return true;
    }
    if (path === `${root}/`) {
      send(
        res,
        200,
        { 'content-type': 'text/html; charset=utf-8', 'cache-control': SHELL_CACHE },
        method === 'HEAD' ? undefined : current.shell,
      );
      return true;
    }
    const assetPrefix = `${root}/assets/${current.hash}/`;
    const asset = path.startsWith(assetPrefix)
      ? current.assets.get(path.slice(assetPrefix.length))
      : undefined;
    if (asset === undefined) {
      send(
        res,
        404,
        { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
        'Not Found',
      );
      return true;
    }
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzip ? asset.gzip : asset.body;
    const headers: Record<string, string> = {
      'content-type': asset.type,
      'cache-control': ASSET_CACHE,
      'content-length': String(body.length),
      vary: 'Accept-Encoding',
    };
    if (gzip) headers['content-encoding'] = 'gzip';
    send(res, 200, headers, method === 'HEAD' ? undefined : body);
    return true;
  };
}
