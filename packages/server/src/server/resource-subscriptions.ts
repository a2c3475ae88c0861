import { describePeerValue, type JsonRpcId } from '@mcpforge/wire';
import { McpErrorCode, Method } from '../protocol/index.js';
import { paramsObject, type RequestOrigin } from './request-origin.js';
import { type DispatchResult, failure, methodNotFound, success } from './responses.js';
import type { ServerCore } from './server-core.js';
import type { Session } from './session.js';

const EMPTY_RESULT = Object.freeze({});

/**
 * Legacy `resources/subscribe`. Only a server that declares `resources.subscribe` answers it; the
 * URI must be short enough and served (a registered resource or a template match), and a session
 * holds at most `maxResourceSubscriptions` URIs, counting those of its open listens.
 */
export function subscribe(core: ServerCore, origin: RequestOrigin, params: unknown): DispatchResult {
  const { session, id } = origin;
  if (!core.servesResourceSubscriptions('legacy')) return methodNotFound(id, Method.resourcesSubscribe);
  const uri = paramsObject(params)['uri'];
  if (typeof uri !== 'string') return invalidUri(id);
  const problem = subscriptionUriProblem(core, uri);
  if (problem !== undefined) return failure(id, McpErrorCode.InvalidParams, problem);
  const state = session.state;
  if (!state.resourceSubscriptions.has(uri)) {
    if (subscriptionCount(session) >= core.maxResourceSubscriptions) return overBudget(core, id);
    state.resourceSubscriptions.add(uri);
  }
  return success(id, EMPTY_RESULT);
}

/** Legacy `resources/unsubscribe`: succeeds for any URI, served or not (it may have been removed). */
export function unsubscribe(core: ServerCore, origin: RequestOrigin, params: unknown): DispatchResult {
  const { session, id } = origin;
  if (!core.servesResourceSubscriptions('legacy')) return methodNotFound(id, Method.resourcesUnsubscribe);
  const uri = paramsObject(params)['uri'];
  if (typeof uri !== 'string') return invalidUri(id);
  session.state.resourceSubscriptions.delete(uri);
  return success(id, EMPTY_RESULT);
}

/** Why `uri` cannot be subscribed to, as an error message; undefined when it can. */
export function subscriptionUriProblem(core: ServerCore, uri: string): string | undefined {
  const max = core.maxSubscriptionUriLength;
  if (uri.length > max) {
    return `Invalid params: the uri has ${uri.length} characters, more than the ${max} allowed (maxSubscriptionUriLength)`;
  }
  if (core.resources.resolve(uri) === undefined)
    return `Invalid params: this server serves no resource ${describePeerValue(uri)}`;
  return undefined;
}

/** Subscriptions the session holds now: legacy URIs plus the URIs of its open listens. */
export function subscriptionCount(session: Session): number {
  return session.state.resourceSubscriptions.size + session.state.listenedResourceCount;
}

/** The answer to a subscription past the session's budget. */
export function overBudget(core: ServerCore, id: JsonRpcId): DispatchResult {
  return failure(
    id,
    McpErrorCode.InvalidParams,
    `Invalid params: a session may hold ${core.maxResourceSubscriptions} resource subscriptions (maxResourceSubscriptions)`,
  );
}

function invalidUri(id: JsonRpcId): DispatchResult {
  return failure(id, McpErrorCode.InvalidParams, 'Invalid params: uri must be a string');
}
