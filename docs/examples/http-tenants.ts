import { createServer, type McpServer, s, text } from '@mcpforge/server';
import {
  createHttpHandler,
  HttpAuthError,
  type HttpHandler,
  type HttpRequestInfo,
} from '@mcpforge/server/http';

/** Options of {@link createTenantHandler}. */
export interface TenantHandlerOptions {
  /** Bearer token → tenant. A real deployment verifies a signed token instead. */
  tokens: ReadonlyMap<string, string>;
  /** Called each time a tenant's server definition is built (to watch the cache work). */
  onBuild?: (tenant: string) => void;
}

/** The bearer token of a request, if any. */
function bearerToken(request: HttpRequestInfo): string | undefined {
  const header = request.header('authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
}

/** One tenant's server: the same tools, bound to the tenant's data. */
function buildTenantServer(tenant: string): McpServer {
  const server = createServer({ name: `notes-${tenant}`, version: '1.0.0' });
  server.tool({ name: 'whoami', inputSchema: s.object({}) }, () => text(`tenant ${tenant}`));
  server.tool({ name: 'note', inputSchema: s.object({ text: s.string({ maxLength: 200 }) }) }, (args) =>
    text(`${tenant} noted: ${args.text}`),
  );
  return server;
}

/**
 * One endpoint, many servers: `authenticate` refuses unknown callers before any MCP
 * processing, the resolver picks the caller's server, and `resolverCacheKey` makes each
 * tenant's definition be built once and reused.
 */
export function createTenantHandler(options: TenantHandlerOptions): HttpHandler {
  const tenantOf = (request: HttpRequestInfo): string => {
    const tenant = options.tokens.get(bearerToken(request) ?? '');
    if (tenant === undefined) {
      throw new HttpAuthError(401, 'a valid bearer token is required', 'Bearer realm="notes"');
    }
    return tenant;
  };
  return createHttpHandler(
    (request) => {
      const tenant = tenantOf(request);
      options.onBuild?.(tenant);
      return buildTenantServer(tenant);
    },
    {
      authenticate: (request) => ({ tenant: tenantOf(request) }),
      resolverCacheKey: tenantOf,
    },
  );
}
