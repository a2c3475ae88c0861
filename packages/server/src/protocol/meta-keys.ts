/** `_meta` keys defined by the MCP spec (2026-07-28) and by the forge probe contract. */
export const MetaKey = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
  progressToken: 'progressToken',
  /** Probe request flag (`true`) on `tools/call` params `_meta` (seed 000). */
  permissionPatterns: 'forge.permission_patterns',
  /** Probe answer: patterns that depend on the arguments. */
  patterns: 'forge.patterns',
  /** Probe answer: patterns that always apply. */
  always: 'forge.always',
  /** Flag in a tool's `_meta`: the tool answers probes. */
  supportsPermissionPatterns: 'forge.supports_permission_patterns',
} as const;
