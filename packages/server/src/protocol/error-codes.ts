/** JSON-RPC and MCP error codes sent on the wire. */
export const McpErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** Legacy era only (≤ 2025-11-25); modern answers -32602 with `data.uri`. */
  ResourceNotFound: -32002,
  /** Modern: HTTP routing headers missing or not matching the body. */
  HeaderMismatch: -32020,
  /** Modern: the request needs a client capability it did not declare; `data.requiredCapabilities`. */
  MissingRequiredClientCapability: -32021,
  /** Modern: `data.supported`, `data.requested`. */
  UnsupportedProtocolVersion: -32022,
} as const;
