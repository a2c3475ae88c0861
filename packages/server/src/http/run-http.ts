import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listenError } from '../process/listen-error.js';
import type { RunTransport, RunTransportFactory } from '../process/run.js';
import { ALLOWED_HOSTS_ENV } from '../process/run-flags.js';
import { DEFAULT_MAX_HEADER_BYTES } from './body.js';
import { DEFAULT_MAX_CONNECTIONS, limitConnections } from './connection-limit.js';
import { createHttpHandler } from './handler.js';
import { type HostGuardOptions, LOCALHOST_NAMES } from './host-guard.js';
import type { HttpWarning } from './http-warning.js';
import type { HttpHandlerOptions, HttpServable } from './options.js';
import { resolveHttpHandlerOptions, show } from './resolve-options.js';

/** Where `--http` asks to listen. */
export interface HttpListen {
  host: string;
  port: number;
}

/**
 * Options of {@link httpTransport}: where to listen, plus every {@link createHttpHandler}
 * option (limits, stores, `authenticate`, `hostValidation`, ...). Checked when
 * `httpTransport` is called, like the handler's.
 */
export interface HttpRunOptions extends HttpHandlerOptions<HttpServable> {
  /**
   * Address to bind.
   * @default '127.0.0.1'
   */
  host?: string | undefined;
  /** Port to bind, an integer 0 to 65535; 0 picks a free one (the `listening` log line names it). */
  port: number;
  /**
   * Path of the MCP endpoint; starts with `/`.
   * @default '/mcp'
   */
  path?: string | undefined;
  /**
   * More `Host` names to accept (`example.com`, `10.1.2.3`, `host:port`), added to the
   * default allow-list (the localhost names, plus the bind address when it is not loopback) or
   * to `hostValidation.allowedHosts`; `'*'` accepts any Host. What `run()` reads from
   * `--allowed-hosts` and `MCPFORGE_ALLOWED_HOSTS`. Origins follow unless
   * `hostValidation.allowedOrigins` is set.
   * @default none
   */
  allowedHosts?: readonly string[] | '*' | undefined;
  /**
   * Request header byte limit (node's `maxHeaderSize`), a positive integer.
   * @default 16 KiB (`DEFAULT_MAX_HEADER_BYTES`)
   */
  maxHeaderBytes?: number | undefined;
  /**
   * Connections served at once, a positive integer (`Infinity` for no bound). A request on a
   * connection past the limit is answered 503 with `Retry-After: 1` and the connection closed.
   * Each connection can hold an answer its client is slow to take (see `sendTimeoutMs`), so
   * this bounds what clients can pin.
   * @default 512 (`DEFAULT_MAX_CONNECTIONS`)
   */
  maxConnections?: number | undefined;
}

/** {@link HttpRunOptions} checked, with the listener's defaults filled in. */
interface ResolvedRunOptions {
  readonly host: string;
  readonly port: number;
  readonly path: string;
  readonly maxHeaderBytes: number;
  readonly maxConnections: number;
}

/** Checks what {@link httpTransport} adds to the handler options (those are checked by the handler). */
function resolveRunOptions(options: HttpRunOptions): ResolvedRunOptions {
  if (options === null || typeof options !== 'object') {
    throw new TypeError('httpTransport expects an options object with a port');
  }
  const { host = '127.0.0.1', port, path = '/mcp', maxHeaderBytes = DEFAULT_MAX_HEADER_BYTES } = options;
  if (typeof host !== 'string' || host === '') {
    throw new TypeError(`host must be a non-empty string, got ${show(host)}`);
  }
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new (typeof port === 'number' ? RangeError : TypeError)(
      `port must be an integer from 0 to 65535, got ${show(port)}`,
    );
  }
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw new TypeError(`path must be a string starting with '/', got ${show(path)}`);
  }
  if (typeof maxHeaderBytes !== 'number' || !Number.isInteger(maxHeaderBytes) || maxHeaderBytes <= 0) {
    throw new (typeof maxHeaderBytes === 'number' ? RangeError : TypeError)(
      `maxHeaderBytes must be a positive integer, got ${show(maxHeaderBytes)}`,
    );
  }
  const allowedHosts: unknown = options.allowedHosts;
  if (
    allowedHosts !== undefined &&
    allowedHosts !== '*' &&
    !(Array.isArray(allowedHosts) && allowedHosts.every((entry) => typeof entry === 'string'))
  ) {
    throw new TypeError(`allowedHosts must be an array of host names or '*', got ${show(allowedHosts)}`);
  }
  const maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  if (
    typeof maxConnections !== 'number' ||
    !(maxConnections > 0) ||
    !(Number.isInteger(maxConnections) || maxConnections === Number.POSITIVE_INFINITY)
  ) {
    throw new (typeof maxConnections === 'number' ? RangeError : TypeError)(
      `maxConnections must be a positive integer (Infinity for none), got ${show(maxConnections)}`,
    );
  }
  return { host, port, path, maxHeaderBytes, maxConnections };
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/**
 * The Host/Origin check of the listener: `hostValidation` if given, else the localhost names
 * (plus the bind address when it is not loopback); `allowedHosts` is added to either.
 */
function hostValidationFor(bindHost: string, options: HttpRunOptions): HostGuardOptions | false {
  const given = options.hostValidation;
  if (given === false) return false;
  const base =
    given?.allowedHosts ?? (LOOPBACK.has(bindHost) ? LOCALHOST_NAMES : [...LOCALHOST_NAMES, bindHost]);
  const extra = options.allowedHosts;
  const allowedHosts = base === '*' || extra === '*' ? '*' : [...base, ...(extra ?? [])];
  return { ...given, allowedHosts };
}

/** The handler's warning, with the fix a `run()` user applies (a flag rather than an option). */
function runWarningMessage(warning: HttpWarning): string {
  if (warning.code !== 'HOST_NOT_ALLOWED') return warning.message;
  return `refused Host ${JSON.stringify(warning.value)}: not in allowed hosts; pass --allowed-hosts ${warning.host} (or ${ALLOWED_HOSTS_ENV}) to accept it`;
}

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
  const { host: bindHost, port: bindPort, path, maxHeaderBytes, maxConnections } = resolveRunOptions(options);
  const hostValidation = hostValidationFor(bindHost, options);
  // Fail at the call, not when run() starts the transport.
  resolveHttpHandlerOptions({ ...options, hostValidation });
  return (server, { logger }) => {
    const onWarning = (warning: HttpWarning): void => {
      logger.warn({ code: warning.code, value: warning.value }, runWarningMessage(warning));
      options.onWarning?.(warning);
    };
    const handler = createHttpHandler(server as HttpServable, { ...options, hostValidation, onWarning });
    const listener = createServer({ maxHeaderSize: maxHeaderBytes }, route);
    const refusedAsBusy = limitConnections(listener, maxConnections);
    function route(req: IncomingMessage, res: ServerResponse): void {
      if (refusedAsBusy(req, res)) return;
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
    // A listener that cannot start (a busy port) fails the transport: run() logs why and exits 1.
    const closed = new Promise<void>((resolve, reject) => {
      listener.on('close', resolve);
      listener.on('error', (error) => reject(listenError(error, { host: bindHost, port: bindPort })));
    });
    listener.listen(bindPort, bindHost, () => {
      const { port } = listener.address() as AddressInfo;
      const host = bindHost.includes(':') ? `[${bindHost}]` : bindHost;
      const allowedHosts = hostValidation === false ? '*' : (hostValidation.allowedHosts ?? LOCALHOST_NAMES);
      logger.info({ url: `http://${host}:${port}${path}`, allowedHosts }, 'listening');
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
      await closed.catch(() => {}); // a listener that failed to start was reported through `closed`
      clearTimeout(deadline);
    },
  };
}
