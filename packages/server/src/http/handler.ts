import type { IncomingMessage, ServerResponse } from 'node:http';
import { FetchExchange } from './fetch-exchange.js';
import { NodeExchange } from './node-exchange.js';
import type { HttpHandlerOptions, HttpServable, ServerResolver } from './options.js';
import { resolveHttpHandlerOptions } from './resolve-options.js';
import { HttpTransport } from './transport.js';

/** A Streamable HTTP endpoint, mountable at any path of any server. */
export interface HttpHandler {
  /** For `node:http` (and Express/Fastify raw handlers): answers the request completely. */
  node(req: IncomingMessage, res: ServerResponse): void;
  /** For fetch-style runtimes (Bun, Deno, workers, Hono). */
  fetch(request: Request): Promise<Response>;
  /**
   * Ends every legacy session and `subscriptions/listen` stream of `principal` (as `principalOf`
   * names it), say when its credential is revoked: streams close, handlers are aborted, and a
   * later request with the session id gets 404. Returns how many ended.
   */
  closeSessions(principal: string): number;
  /** The principals holding a legacy session or a `subscriptions/listen` stream open now. */
  openPrincipals(): string[];
  /** Ends every legacy session and open stream. */
  close(): void;
}

/**
 * Serves a server definition (or a resolver picking one per request) over Streamable HTTP,
 * both spec eras on one endpoint: modern (2026-07-28) requests statelessly, legacy
 * (2025-03-26 … 2025-11-25) clients in sessions. Host/Origin validation is on by default.
 * @throws TypeError / RangeError for an invalid option (see {@link resolveHttpHandlerOptions})
 *
 * @example
 * const handler = createHttpHandler(server);
 * http.createServer(handler.node).listen(3000, '127.0.0.1');
 */
export function createHttpHandler<S extends HttpServable>(
  serverOrResolver: S | ServerResolver<S>,
  options: HttpHandlerOptions<S> = {},
): HttpHandler {
  if (typeof serverOrResolver !== 'function' && typeof serverOrResolver?.handle !== 'function') {
    throw new TypeError(
      'createHttpHandler expects a server definition (with handle()) or a resolver function',
    );
  }
  const resolved = resolveHttpHandlerOptions(options);
  const transport = new HttpTransport(serverOrResolver, resolved);
  const limits = resolved.limits;
  return {
    node(req, res) {
      void transport.serve(new NodeExchange(req, res, limits));
    },
    fetch(request) {
      const exchange = new FetchExchange(request, limits);
      void transport.serve(exchange);
      return exchange.response;
    },
    closeSessions(principal) {
      return transport.closePrincipal(principal);
    },
    openPrincipals() {
      return transport.openPrincipals();
    },
    close() {
      transport.close();
    },
  };
}
