import { describe, expect, it } from 'vitest';
import { McpError } from '../protocol/index.js';
import { mcpErrorOf } from './mcp-error-of.js';

describe('mcpErrorOf', () => {
  it('returns the JSON-RPC error a request failed with', async () => {
    const error = await mcpErrorOf(Promise.reject(new McpError(-32602, 'Unknown tool: x')));
    expect([error.code, error.message]).toEqual([-32602, 'Unknown tool: x']);
  });

  it('fails on a result and passes other failures through', async () => {
    await expect(mcpErrorOf(Promise.resolve({}))).rejects.toThrow('expected a JSON-RPC error');
    await expect(mcpErrorOf(Promise.reject(new TypeError('boom')))).rejects.toThrow(TypeError);
  });
});
