import type { JsonRpcId } from '@mcpforge/wire';
import { McpErrorCode, MetaKey } from '../protocol/index.js';
import { type DispatchResult, failure, success } from './responses.js';
import type { ListenSubscription, ServerCore } from './server-core.js';
import type { Session } from './session.js';

/**
 * `subscriptions/listen` (modern): acknowledges with the honoured filter, then tags every matching
 * notification with the subscription id (= the request id) and delivers it through
 * `session.notify(..., id)`. The returned promise settles only when the subscription ends
 * (`notifications/cancelled`, `server.cancel`, or the session closing), with the graceful final
 * result; an HTTP transport holds its stream open until then.
 */
export function listen(core: ServerCore, session: Session, id: JsonRpcId, params: unknown): DispatchResult {
  const request = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
  const filter = request['notifications'];
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    return failure(id, McpErrorCode.InvalidParams, 'Invalid params: notifications must be an object');
  }
  const wanted = filter as Record<string, unknown>;
  const resourceUris = wanted['resourceSubscriptions'];
  if (
    resourceUris !== undefined &&
    (!Array.isArray(resourceUris) || resourceUris.some((uri) => typeof uri !== 'string'))
  ) {
    return failure(
      id,
      McpErrorCode.InvalidParams,
      'Invalid params: resourceSubscriptions must be an array of strings',
    );
  }
  const subscription: ListenSubscription = {
    session,
    id,
    toolsListChanged: wanted['toolsListChanged'] === true,
    promptsListChanged: wanted['promptsListChanged'] === true,
    resourcesListChanged: wanted['resourcesListChanged'] === true,
    resourceSubscriptions: new Set((resourceUris as string[] | undefined) ?? []),
  };
  const honoured: Record<string, unknown> = {};
  if (subscription.toolsListChanged) honoured['toolsListChanged'] = true;
  if (subscription.promptsListChanged) honoured['promptsListChanged'] = true;
  if (subscription.resourcesListChanged) honoured['resourcesListChanged'] = true;
  if (resourceUris !== undefined) honoured['resourceSubscriptions'] = [...subscription.resourceSubscriptions];

  const controller = new AbortController();
  session.state.inFlight.set(id, { controller, cancelled: false });
  core.listens.add(subscription);
  session.notify(
    {
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: honoured, _meta: { [MetaKey.subscriptionId]: id } },
    },
    id,
  );
  return new Promise((resolve) => {
    controller.signal.addEventListener(
      'abort',
      () => {
        core.listens.delete(subscription);
        session.state.inFlight.delete(id);
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
