import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunTransport, RunTransportFactory } from '../process/run.js';
import { DEFAULT_MAX_HEADER_BYTES } from './body.js';
import { createHttpHandler } from './handler.js';
import { LOCALHOST_NAMES } from './host-guard.js';
import type { HttpHandlerOptions, HttpServable } from './options.js';

/** Where `--http` asks to listen. */
export interface HttpListen {
  host: string;
  port: number;
}

/**
 * Options of {@link httpTransport}: where to listen, plus every {@link createHttpHandler}
 * option (limits, stores, `authenticate`, `hostValidation`, ...).
 */
export interface HttpRunOptions extends HttpHandlerOptions<HttpServable> {
  /** Address to bind. Default `127.0.0.1`. */
  host?: string;
  /** Port to bind; 0 picks a free one (the `listening` log line names it). */
  port: number;
  /** Path of the MCP endpoint. Default `/mcp`. */
  path?: string;
  /** Request header byte limit (node's `maxHeaderSize`). Default 16 KiB. */
  maxHeaderBytes?: number;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/**
 * Reads `--http [host:]port` (or `--http=[host:]port`) from argv. The host defaults to
 * 127.0.0.1; port 0 picks a free one. Returns undefined without the flag.
 * @throws TypeError when the value is not `[host:]port`.
 */
export function parseHttpFlag(argv: readonly string[]): HttpListen | undefined {
  let value: string | undefined;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string;
    if (arg === '--http') {
      value = argv[index + 1] ?? '';
      break;
    }
    if (arg.startsWith('--http=')) {
      value = arg.slice('--http='.length);
      break;
    }
  }
  if (value === undefined) return undefined;
  const colon = value.lastIndexOf(':');
  const host = colon === -1 ? '127.0.0.1' : value.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
  const portText = colon === -1 ? value : value.slice(colon + 1);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535 || host === '') {
    throw new TypeError(`--http expects [host:]port, got '${value}'`);
  }
  return { host, port };
}

/**
 * A `run()` transport serving the server on Streamable HTTP at `path` (what `--http` uses,
 * configurable). Bound to loopback, the Host/Origin allow-list is the localhost names; bound to
 * another address, that address too (set `hostValidation` for public names, or `false` behind a
 * trusted proxy). `GET /health` answers 200. On shutdown the listener stops accepting, sessions
 * and streams end, and requests in flight get the grace period.
 *
 * @example
 * await run(build, { transport: httpTransport({ port: 3000, path: '/api/mcp', maxBodyBytes: 65_536 }) });
 */
export function httpTransport(options: HttpRunOptions): RunTransportFactory {
  return (server, { logger }) => {
    const path = options.path ?? '/mcp';
    const bindHost = options.host ?? '127.0.0.1';
    const hostValidation =
      options.hostValidation ??
      (LOOPBACK.has(bindHost)
        ? { allowedHosts: LOCALHOST_NAMES }
        : { allowedHosts: [...LOCALHOST_NAMES, bindHost] });
    const handler = createHttpHandler(server as HttpServable, { ...options, hostValidation });
    const listener = createServer(
      { maxHeaderSize: options.maxHeaderBytes ?? DEFAULT_MAX_HEADER_BYTES },
      route,
    );
    function route(req: IncomingMessage, res: ServerResponse): void {
      const url = req.url ?? '/';
      const query = url.indexOf('?');
      const pathname = query === -1 ? url : url.slice(0, query);
      if (pathname === path) {
        handler.node(req, res);
        return;
      }
      if (pathname === '/health' && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n');
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found\n');
    }
    const closed = new Promise<void>((resolve) => {
      listener.on('close', resolve);
      listener.on('error', (error) => {
        logger.error({ err: { name: error.name, message: error.message } }, 'HTTP listener failed');
        resolve();
      });
    });
    listener.listen(options.port, bindHost, () => {
      const { port } = listener.address() as AddressInfo;
      const host = bindHost.includes(':') ? `[${bindHost}]` : bindHost;
      logger.info({ url: `http://${host}:${port}${path}` }, 'listening');
    });
    return httpRunTransport(listener, handler, closed);
  };
}

function httpRunTransport(listener: Server, handler: { close(): void }, closed: Promise<void>): RunTransport {
  return {
    closed,
    async shutdown(graceMs) {
      // Stop accepting; end sessions and streams (listens get their final result); let
      // plain requests finish within the grace period, then cut what is left.
      listener.close();
      handler.close();
      listener.closeIdleConnections();
      const deadline = setTimeout(() => listener.closeAllConnections(), graceMs);
      deadline.unref();
      await closed;
      clearTimeout(deadline);
    },
  };
}
