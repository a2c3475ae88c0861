import type { JsonRpcResponse } from '@mcpforge/wire';
import { McpError, McpErrorCode } from '../protocol/index.js';
import type { RequestContext } from './context.js';
import { DomainError, MissingClientCapabilityError } from './errors.js';
import { type DispatchResult, failure, isPromiseLike, success } from './responses.js';
import type { ServerCore } from './server-core.js';

/** Builds the success response from a handler's value; may throw (e.g. a broken output schema). */
export type Finisher<R, S> = (core: ServerCore, ctx: RequestContext, value: R, subject: S) => JsonRpcResponse;
/** Turns a `DomainError` into the method's answer (`isError` result for tools, -32602 elsewhere). */
export type DomainErrorMapper = (
  core: ServerCore,
  ctx: RequestContext,
  error: DomainError,
) => JsonRpcResponse;

/**
 * Runs a handler and settles what it returned: a synchronous throw is answered like a rejection.
 * `call` runs the handler (and whatever must run just before it, such as opening an MRTR round).
 */
export function invoke<R, S>(
  core: ServerCore,
  ctx: RequestContext,
  method: string,
  target: string,
  subject: S,
  call: () => R | Promise<R>,
  finish: Finisher<R, S>,
  onDomainError: DomainErrorMapper,
): DispatchResult {
  let produced: R | Promise<R>;
  try {
    produced = call();
  } catch (error) {
    return fail(core, ctx, method, target, error, onDomainError);
  }
  return settle(core, ctx, method, target, subject, produced, finish, onDomainError);
}

/**
 * Settles what a handler returned. A plain value is answered synchronously (no promise hop); a
 * promise registers the request in flight so `notifications/cancelled` can abort it, and a
 * cancelled request gets no response.
 */
export function settle<R, S>(
  core: ServerCore,
  ctx: RequestContext,
  method: string,
  target: string,
  subject: S,
  produced: R | Promise<R>,
  finish: Finisher<R, S>,
  onDomainError: DomainErrorMapper,
): DispatchResult {
  if (!isPromiseLike<R>(produced))
    return complete(core, ctx, method, target, subject, produced, finish, onDomainError);
  let entry = ctx.inFlight;
  if (entry === undefined) {
    entry = { controller: undefined, cancelled: false };
    ctx.inFlight = entry;
  }
  const inFlight = ctx.session.state.inFlight;
  const id = ctx.requestId;
  const registered = entry;
  inFlight.set(id, registered);
  return produced.then(
    (value) => {
      inFlight.delete(id);
      if (registered.cancelled) return stop(ctx);
      return complete(core, ctx, method, target, subject, value, finish, onDomainError);
    },
    (error: unknown) => {
      inFlight.delete(id);
      if (registered.cancelled) return stop(ctx);
      return fail(core, ctx, method, target, error, onDomainError);
    },
  );
}

function stop(ctx: RequestContext): undefined {
  ctx.done = true;
  return undefined;
}

function complete<R, S>(
  core: ServerCore,
  ctx: RequestContext,
  method: string,
  target: string,
  subject: S,
  value: R,
  finish: Finisher<R, S>,
  onDomainError: DomainErrorMapper,
): JsonRpcResponse {
  ctx.done = true;
  if (ctx.mrtr?.pending !== undefined) return inputRequired(core, ctx);
  try {
    return finish(core, ctx, value, subject);
  } catch (error) {
    return fail(core, ctx, method, target, error, onDomainError);
  }
}

/** The answer to a handler failure: typed errors keep their meaning, anything else is a safe -32603. */
export function fail(
  core: ServerCore,
  ctx: RequestContext,
  method: string,
  target: string | undefined,
  error: unknown,
  onDomainError: DomainErrorMapper,
): JsonRpcResponse {
  ctx.done = true;
  if (ctx.mrtr?.pending !== undefined) return inputRequired(core, ctx);
  const id = ctx.requestId;
  if (error instanceof McpError) return failure(id, error.code, error.message, error.data);
  if (error instanceof DomainError) return onDomainError(core, ctx, error);
  if (error instanceof MissingClientCapabilityError) {
    return ctx.era === 'modern'
      ? failure(id, McpErrorCode.MissingRequiredClientCapability, error.message, {
          requiredCapabilities: error.requiredCapabilities,
        })
      : failure(id, McpErrorCode.InternalError, error.message);
  }
  const errorId = core.reportInternalError(method, target, error);
  return failure(id, McpErrorCode.InternalError, 'Internal error', { errorId });
}

/** `input_required` with the missing requests and a sealed `requestState` for the retry. */
function inputRequired(core: ServerCore, ctx: RequestContext): JsonRpcResponse {
  const round = ctx.mrtr;
  if (round === undefined || round.pending === undefined) throw new Error('no pending input');
  const requestState = core.sealer.seal(round.binding, {
    state: round.pendingState,
    responses: round.responses,
  });
  return success(ctx.requestId, {
    resultType: 'input_required',
    inputRequests: round.pending,
    requestState,
    _meta: core.modernMeta,
  });
}
