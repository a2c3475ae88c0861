import type { JsonRpcId } from '@mcpforge/wire';
import type { ClientCapabilities, Era, Implementation } from '../protocol/index.js';
import {
  isLegacyProtocolVersion,
  isModernProtocolVersion,
  LATEST_LEGACY_PROTOCOL_VERSION,
  LOGGING_LEVELS,
  loggingLevelRank,
  McpErrorCode,
  MetaKey,
  Method,
  MODERN_PROTOCOL_VERSIONS,
  Notification,
} from '../protocol/index.js';
import { complete } from './completion.js';
import { callCustomMethod } from './custom-method.js';
import type { ListPages } from './list-pages.js';
import { listen } from './listen.js';
import { getPrompt } from './prompt-get.js';
import type { RequestOrigin } from './request-origin.js';
import { readResource } from './resource-read.js';
import { subscribe, unsubscribe } from './resource-subscriptions.js';
import { type DispatchResult, failure, methodNotFound, success } from './responses.js';
import type { ServerCore } from './server-core.js';
import type { Session } from './session.js';
import { callTool } from './tool-call.js';

/** Methods a modern request may not use: their 2026-07-28 replacements are `_meta` and listen. */
const REMOVED_IN_MODERN: ReadonlySet<string> = new Set([
  Method.initialize,
  Method.ping,
  Method.loggingSetLevel,
  Method.resourcesSubscribe,
  Method.resourcesUnsubscribe,
]);
const EMPTY_RESULT = Object.freeze({});

/** Every method the runtime answers itself, in either era. */
export const BUILT_IN_METHODS: ReadonlySet<string> = new Set([
  Method.initialize,
  Method.ping,
  Method.discover,
  Method.toolsList,
  Method.toolsCall,
  Method.resourcesList,
  Method.resourcesRead,
  Method.resourceTemplatesList,
  Method.resourcesSubscribe,
  Method.resourcesUnsubscribe,
  Method.promptsList,
  Method.promptsGet,
  Method.complete,
  Method.loggingSetLevel,
  Method.subscriptionsListen,
]);

/**
 * Routes one incoming message. A request whose `_meta` carries the modern protocol keys is
 * served statelessly; anything else uses the session's legacy state. Returns the response
 * (synchronously when possible), or undefined for notifications and cancelled requests.
 */
export function dispatch(core: ServerCore, message: unknown, session: Session): DispatchResult {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return failure(null, McpErrorCode.InvalidRequest, 'Invalid Request: expected a JSON-RPC object');
  }
  const envelope = message as Record<string, unknown>;
  const method = envelope['method'];
  const id = envelope['id'];
  if (typeof method !== 'string') {
    if ('result' in envelope || 'error' in envelope) return undefined; // a response: the transport's business
    return failure(
      isId(id) ? id : null,
      McpErrorCode.InvalidRequest,
      'Invalid Request: method must be a string',
    );
  }
  const params = envelope['params'];
  if (id === undefined) {
    notification(core, method, params, session);
    return undefined;
  }
  if (!isId(id))
    return failure(null, McpErrorCode.InvalidRequest, 'Invalid Request: id must be a string or an integer');
  if (envelope['jsonrpc'] !== '2.0')
    return failure(id, McpErrorCode.InvalidRequest, "Invalid Request: jsonrpc must be '2.0'");
  // The transport closed the session before this request got here (the client left): run nothing.
  if (session.state.closed) return undefined;
  if (session.state.inFlight.has(id)) {
    return failure(
      id,
      McpErrorCode.InvalidRequest,
      'Invalid Request: this id is already used by a request in flight',
    );
  }
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) {
    return failure(id, McpErrorCode.InvalidParams, 'Invalid params: params must be an object');
  }
  const meta = (params as { _meta?: Record<string, unknown> } | undefined)?._meta;
  if (
    typeof meta === 'object' &&
    meta !== null &&
    (meta[MetaKey.protocolVersion] !== undefined || meta[MetaKey.clientCapabilities] !== undefined)
  ) {
    return modern(core, session, id, method, params, meta);
  }
  return legacy(core, session, id, method, params);
}

function modern(
  core: ServerCore,
  session: Session,
  id: JsonRpcId,
  method: string,
  params: unknown,
  meta: Record<string, unknown>,
): DispatchResult {
  const version = meta[MetaKey.protocolVersion];
  if (typeof version !== 'string') {
    return failure(
      id,
      McpErrorCode.InvalidParams,
      `Invalid params: _meta is missing '${MetaKey.protocolVersion}'`,
    );
  }
  if (!isModernProtocolVersion(version)) {
    return failure(id, McpErrorCode.UnsupportedProtocolVersion, `Unsupported protocol version: ${version}`, {
      supported: [...MODERN_PROTOCOL_VERSIONS],
      requested: version,
    });
  }
  const capabilities = meta[MetaKey.clientCapabilities];
  if (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities)) {
    return failure(
      id,
      McpErrorCode.InvalidParams,
      `Invalid params: _meta is missing '${MetaKey.clientCapabilities}'`,
    );
  }
  const origin: RequestOrigin = {
    session,
    id,
    era: 'modern',
    protocolVersion: version,
    clientCapabilities: capabilities as ClientCapabilities,
  };
  switch (method) {
    case Method.toolsCall:
      return callTool(core, origin, params);
    case Method.toolsList:
      return page(core.toolPages, id, params, 'modern');
    case Method.discover:
      return success(id, core.discover());
    case Method.resourcesRead:
      return readResource(core, origin, params);
    case Method.resourcesList:
      return page(core.resourcePages, id, params, 'modern');
    case Method.resourceTemplatesList:
      return page(core.templatePages, id, params, 'modern');
    case Method.promptsList:
      return page(core.promptPages, id, params, 'modern');
    case Method.promptsGet:
      return getPrompt(core, origin, params);
    case Method.complete:
      if (core.capabilities('modern').completions === undefined) return methodNotFound(id, method);
      return complete(core, origin, params);
    case Method.subscriptionsListen:
      return listen(core, session, id, params);
    default: {
      const custom = core.customMethods.get(method);
      if (custom !== undefined) return callCustomMethod(core, custom, origin, method, params);
      if (REMOVED_IN_MODERN.has(method)) {
        return failure(
          id,
          McpErrorCode.MethodNotFound,
          `Method not found: ${method} is not part of protocol version ${version}`,
        );
      }
      return methodNotFound(id, method);
    }
  }
}

function legacy(
  core: ServerCore,
  session: Session,
  id: JsonRpcId,
  method: string,
  params: unknown,
): DispatchResult {
  const state = session.state;
  if (method === Method.initialize) return initialize(core, session, id, params);
  if (method === Method.ping) return success(id, EMPTY_RESULT);
  if (!state.initialized) {
    return failure(
      id,
      McpErrorCode.InvalidRequest,
      'Invalid Request: the session is not initialized (send initialize first)',
    );
  }
  const origin: RequestOrigin = {
    session,
    id,
    era: 'legacy',
    protocolVersion: state.protocolVersion ?? LATEST_LEGACY_PROTOCOL_VERSION,
    clientCapabilities: state.clientCapabilities,
  };
  switch (method) {
    case Method.toolsCall:
      return callTool(core, origin, params);
    case Method.toolsList:
      return page(core.toolPages, id, params, 'legacy');
    case Method.resourcesRead:
      return readResource(core, origin, params);
    case Method.resourcesList:
      return page(core.resourcePages, id, params, 'legacy');
    case Method.resourceTemplatesList:
      return page(core.templatePages, id, params, 'legacy');
    case Method.resourcesSubscribe:
      return subscribe(core, session, id, params);
    case Method.resourcesUnsubscribe:
      return unsubscribe(core, session, id, params);
    case Method.promptsList:
      return page(core.promptPages, id, params, 'legacy');
    case Method.promptsGet:
      return getPrompt(core, origin, params);
    case Method.complete:
      if (core.capabilities('legacy').completions === undefined) return methodNotFound(id, method);
      return complete(core, origin, params);
    case Method.loggingSetLevel: {
      const rank = loggingLevelRank((params as { level?: unknown } | undefined)?.level);
      if (rank < 0) {
        return failure(
          id,
          McpErrorCode.InvalidParams,
          `Invalid params: level must be one of ${LOGGING_LEVELS.join(', ')}`,
        );
      }
      state.logLevelRank = rank;
      return success(id, EMPTY_RESULT);
    }
    default: {
      const custom = core.customMethods.get(method);
      if (custom !== undefined) return callCustomMethod(core, custom, origin, method, params);
      return methodNotFound(id, method);
    }
  }
}

function initialize(core: ServerCore, session: Session, id: JsonRpcId, params: unknown): DispatchResult {
  const state = session.state;
  if (state.initialized)
    return failure(id, McpErrorCode.InvalidRequest, 'Invalid Request: the session is already initialized');
  const request = (params ?? {}) as Record<string, unknown>;
  const requested = request['protocolVersion'];
  if (typeof requested !== 'string') {
    return failure(id, McpErrorCode.InvalidParams, 'Invalid params: protocolVersion must be a string');
  }
  const capabilities = request['capabilities'];
  state.protocolVersion = isLegacyProtocolVersion(requested) ? requested : LATEST_LEGACY_PROTOCOL_VERSION;
  state.clientCapabilities =
    typeof capabilities === 'object' && capabilities !== null ? (capabilities as ClientCapabilities) : {};
  const clientInfo = request['clientInfo'];
  if (typeof clientInfo === 'object' && clientInfo !== null) state.clientInfo = clientInfo as Implementation;
  state.initialized = true;
  core.liveSessions.add(session);
  const result: Record<string, unknown> = {
    protocolVersion: state.protocolVersion,
    capabilities: core.capabilities('legacy'),
    serverInfo: core.serverInfo,
  };
  if (core.options.instructions !== undefined) result['instructions'] = core.options.instructions;
  return success(id, result);
}

function notification(core: ServerCore, method: string, params: unknown, session: Session): void {
  if (method === Notification.cancelled) {
    const requestId = (params as { requestId?: unknown } | undefined)?.requestId;
    if (isId(requestId)) core.cancel(session, requestId, (params as { reason?: unknown }).reason);
  }
  // notifications/initialized and anything else need no action.
}

function page(pages: ListPages, id: JsonRpcId, params: unknown, era: Era): DispatchResult {
  const cursor = (params as { cursor?: unknown } | undefined)?.cursor;
  try {
    return success(id, pages.page(cursor, era));
  } catch (error) {
    const { code, message } = error as { code: number; message: string };
    return failure(id, typeof code === 'number' ? code : McpErrorCode.InvalidParams, message);
  }
}

function isId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));
}
