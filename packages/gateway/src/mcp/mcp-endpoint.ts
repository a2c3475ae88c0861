import {
  createHttpHandler,
  type HttpHandler,
  type HttpHandlerOptions,
  type HttpSession,
} from '@mcpforge/server/http';
import type { AgentEndpoint } from './agent-endpoint.js';
import { type AuthenticateServices, createAuthenticate } from './authenticate.js';
import { requestScope } from './request-scope.js';

/** Toolkit handler options the gateway passes through (limits, host validation, sessions). */
export type McpHandlerOptions = Omit<
  HttpHandlerOptions<AgentEndpoint>,
  'authenticate' | 'principalOf' | 'resolverCacheKey' | 'legacy' | 'sessionGroupOf'
>;

/** The quota group of a session: its agent (a key's sessions count for the key and for its agent). */
function agentOf(session: HttpSession<AgentEndpoint>): string {
  return `${session.server.workspace}/${session.server.agent}`;
}

/**
 * The Streamable HTTP handler of every agent endpoint: one toolkit handler whose resolver
 * returns the agent's {@link AgentEndpoint} found by `authenticate` (built once per agent and
 * kept at its current catalog revision, never per request). Legacy sessions are bound to the
 * key id (`closeSessions(keyId)` ends them) and counted per key and per agent
 * (`maxSessionsPerPrincipal`, `maxSessionsPerGroup`); modern requests are stateless. Must run
 * inside a {@link requestScope}.
 */
export function createMcpHandler(
  services: AuthenticateServices,
  options: McpHandlerOptions = {},
): HttpHandler {
  return createHttpHandler<AgentEndpoint>(
    () => {
      const endpoint = requestScope.getStore()?.endpoint;
      // authenticate always sets it before the toolkit resolves.
      if (endpoint === undefined) throw new Error('agent endpoint resolved before authenticate');
      return endpoint;
    },
    {
      ...options,
      legacy: 'sessions',
      sessionGroupOf: agentOf,
      authenticate: createAuthenticate(services),
      principalOf: (auth) => (typeof auth === 'string' ? auth : undefined),
    },
  );
}
