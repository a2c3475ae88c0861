/**
 * The MCP endpoint of each agent: per-agent server definitions on `@mcpforge/server`, served by
 * `@mcpforge/server/http` behind the gateway's `authenticate`.
 * @module
 */
export { AgentDirectory, type AgentDirectoryOptions } from './agent-directory.js';
export { AgentEndpoint, type EndpointServices } from './agent-endpoint.js';
export { type AuthenticateServices, createAuthenticate } from './authenticate.js';
export {
  BYTES_PER_TOKEN,
  type CatalogReport,
  catalogReport,
  RECOMMENDED_MAX_TOOLS,
} from './catalog-report.js';
export { createMcpHandler, type McpHandlerOptions } from './mcp-endpoint.js';
export { type RequestScope, requestScope } from './request-scope.js';
