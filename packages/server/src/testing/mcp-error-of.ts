import { McpError } from '../protocol/index.js';

/**
 * Awaits a request that must fail with a JSON-RPC error and returns that error, so a test can
 * assert its `code`, `message` and `data`. Any other outcome (success, or a non-JSON-RPC
 * failure such as a timeout) fails the test.
 */
export async function mcpErrorOf(promise: Promise<unknown>): Promise<McpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof McpError) return error;
    throw error;
  }
  throw new Error('expected a JSON-RPC error, got a result');
}
