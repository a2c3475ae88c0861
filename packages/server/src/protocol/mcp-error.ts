import type { JsonRpcErrorObject } from '@mcpforge/wire';
import { brand, matchesBrand } from '../errors/brand.js';

const MCP_ERROR_BRAND = Symbol.for('mcpforge.server.McpError');

/**
 * A JSON-RPC error a handler throws on purpose: the runtime sends `code`, `message` and `data`
 * as they are. Anything else a handler throws becomes a safe -32603.
 */
export class McpError extends Error {
  readonly code: number;
  readonly data?: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'McpError';
    this.code = code;
    if (data !== undefined) this.data = data;
    brand(this, MCP_ERROR_BRAND);
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    return matchesBrand(this, McpError, MCP_ERROR_BRAND, value);
  }

  toJSON(): JsonRpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}
