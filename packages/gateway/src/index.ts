/**
 * @mcpforge/gateway: REST operations published as MCP tools, one endpoint per agent.
 * @module
 */
export {};
