import { ErrorCode } from '@mcpforge/wire';

/**
 * Every error code sent on the wire, defined once: JSON-RPC 2.0's own (owned by
 * `@mcpforge/wire`'s `ErrorCode`) plus those MCP and its Streamable HTTP transport add.
 */
export const McpErrorCode = {
  ...ErrorCode,
  /** Legacy HTTP: the `Mcp-Session-Id` header is missing (the TypeScript SDK's code for it). */
  SessionError: -32000,
  /** Legacy HTTP: the session id is unknown, ended or another caller's (404, as the TypeScript SDK answers). */
  SessionNotFound: -32001,
  /** Legacy era only (≤ 2025-11-25); modern answers -32602 with `data.uri`. */
  ResourceNotFound: -32002,
  /** Modern: HTTP routing headers missing or not matching the body. */
  HeaderMismatch: -32020,
  /** Modern: the request needs a client capability it did not declare; `data.requiredCapabilities`. */
  MissingRequiredClientCapability: -32021,
  /** Modern: `data.supported`, `data.requested`. */
  UnsupportedProtocolVersion: -32022,
} as const;
