import { McpErrorCode, MetaKey, Notification } from '../protocol/index.js';
import { paramsObject, type RequestOrigin } from './request-origin.js';
import { overBudget, subscriptionCount, subscriptionUriProblem } from './resource-subscriptions.js';
import { type DispatchResult, failure, success } from './responses.js';
import type { ListenSubscription, ServerCore } from './server-core.js';
import type { Session } from './session.js';

/**
 * `subscriptions/listen` (modern): acknowledges with the honoured filter, then tags every matching
 * notification with the subscription id (= the request id) and delivers it through
 * `session.notify(..., id)`. The returned promise settles only when the subscription ends
 * (`notifications/cancelled`, `server.cancel`, or the session closing), with the graceful final
 * result; an HTTP transport holds its stream open until then.
 *
 * `resourceSubscriptions` is bounded like legacy `resources/subscribe`: URIs over the length
 * limit, or more than the session may hold, are refused (-32602); URIs the server does not serve
 * are left out of the honoured filter.
 */
export function listen(core: ServerCore, origin: RequestOrigin, params: unknown): DispatchResult {
  const { session, id } = origin;
  const filter = paramsObject(params)['notifications'];
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    return failure(id, McpErrorCode.InvalidParams, 'Invalid params: notifications must be an object');
  }
  const wanted = filter as Record<string, unknown>;
  const resourceUris = wanted['resourceSubscriptions'];
  let resources: Set<string> | undefined;
  if (resourceUris !== undefined) {
    const checked = servedUris(core, session, resourceUris);
    if (typeof checked === 'string') return failure(id, McpErrorCode.InvalidParams, checked);
    if (checked === undefined) return overBudget(core, id);
    resources = checked;
  }
  const subscription: ListenSubscription = {
    session,
    id,
    toolsListChanged: wanted['toolsListChanged'] === true,
    promptsListChanged: wanted['promptsListChanged'] === true,
    resourcesListChanged: wanted['resourcesListChanged'] === true,
    resourceSubscriptions: resources ?? new Set(),
  };
  const honoured: Record<string, unknown> = {};
  if (subscription.toolsListChanged) honoured['toolsListChanged'] = true;
  if (subscription.promptsListChanged) honoured['promptsListChanged'] = true;
  if (subscription.resourcesListChanged) honoured['resourcesListChanged'] = true;
  if (resources !== undefined && core.servesResourceSubscriptions('modern'))
    honoured['resourceSubscriptions'] = [...resources];

  const controller = new AbortController();
  const state = session.state;
  state.inFlight.set(id, { controller, cancelled: false });
  state.listenedResourceCount += subscription.resourceSubscriptions.size;
  core.listens.add(subscription);
  session.notify(
    {
      jsonrpc: '2.0',
      method: Notification.subscriptionsAcknowledged,
      params: { notifications: honoured, _meta: { [MetaKey.subscriptionId]: id } },
    },
    id,
  );
  return new Promise((resolve) => {
    controller.signal.addEventListener(
      'abort',
      () => {
        core.listens.delete(subscription);
        state.inFlight.delete(id);
        state.listenedResourceCount -= subscription.resourceSubscriptions.size;
        resolve(
          success(id, {
            resultType: 'complete',
            _meta: { ...core.modernMeta, [MetaKey.subscriptionId]: id },
          }),
        );
      },
      { once: true },
    );
  });
}

/**
 * The served URIs of a `resourceSubscriptions` filter; an error message when it is malformed or
 * a URI is too long; undefined when the session has no room for them. Empty when the server
 * declares no resource subscriptions.
 */
function servedUris(core: ServerCore, session: Session, uris: unknown): Set<string> | string | undefined {
  if (!Array.isArray(uris) || uris.some((uri) => typeof uri !== 'string'))
    return 'Invalid params: resourceSubscriptions must be an array of strings';
  // The count first: a filter longer than the whole budget is refused before any URI is looked at.
  const room = core.maxResourceSubscriptions - subscriptionCount(session);
  if (uris.length > core.maxResourceSubscriptions) return undefined;
  const served = new Set<string>();
  if (!core.servesResourceSubscriptions('modern')) return served;
  for (const uri of uris as string[]) {
    const problem = subscriptionUriProblem(core, uri);
    if (problem === undefined) served.add(uri);
    else if (uri.length > core.maxSubscriptionUriLength) return problem;
  }
  return served.size > room ? undefined : served;
}
