import { RequestStateError } from '../mrtr/request-state.js';
import { McpError, McpErrorCode } from '../protocol/index.js';
import type { RequestContext } from './context.js';
import type { ServerCore } from './server-core.js';

/**
 * Prepares the MRTR round of a modern `tools/call`, `prompts/get` or `resources/read`: opens and
 * verifies `requestState`, and merges the responses it carries with the retry's `inputResponses`.
 * @throws McpError -32602 for a malformed `inputResponses` or a tampered/expired/foreign `requestState`.
 */
export function openRound(
  core: ServerCore,
  ctx: RequestContext,
  method: string,
  target: string,
  params: Record<string, unknown>,
  salient: unknown,
): void {
  const inputResponses = params['inputResponses'];
  if (
    inputResponses !== undefined &&
    (typeof inputResponses !== 'object' || inputResponses === null || Array.isArray(inputResponses))
  ) {
    throw new McpError(McpErrorCode.InvalidParams, 'Invalid params: inputResponses must be an object');
  }
  const binding = { method, target, params: salient };
  let carried: { state: unknown; responses: Record<string, unknown> } = { state: undefined, responses: {} };
  const requestState = params['requestState'];
  if (requestState !== undefined) {
    try {
      carried = core.sealer.open(requestState, binding);
    } catch (error) {
      if (error instanceof RequestStateError) {
        throw new McpError(McpErrorCode.InvalidParams, `Invalid requestState: ${error.message}`, {
          reason: error.code,
        });
      }
      throw error;
    }
  }
  ctx.mrtr = {
    binding,
    responses:
      inputResponses === undefined
        ? carried.responses
        : { ...carried.responses, ...(inputResponses as object) },
    state: carried.state,
    pending: undefined,
    pendingState: undefined,
  };
}
