import type { JsonRpcFailure, JsonRpcId } from '@mcpforge/wire';
import type { ClientCapabilities } from '../protocol/index.js';
import {
  isModernProtocolVersion,
  LATEST_LEGACY_PROTOCOL_VERSION,
  McpErrorCode,
  MetaKey,
  MODERN_PROTOCOL_VERSIONS,
  Notification,
} from '../protocol/index.js';
import { callCustomMethod } from './custom-method.js';
import { type BuiltInMethod, METHOD_TABLE } from './method-table.js';
import { peerText } from './peer-text.js';
import type { RequestOrigin } from './request-origin.js';
import { type DispatchResult, failure, methodNotFound } from './responses.js';
import type { ServerCore } from './server-core.js';
import type { Session } from './session.js';

/**
 * Routes one incoming message: envelope checks → era (a request whose `_meta` carries the modern
 * protocol keys is served statelessly, anything else with the session's legacy state) → the
 * era's origin → the method's step from {@link METHOD_TABLE}, else an extension method, else
 * -32601. Returns the response (synchronously when the step is), or undefined for
 * notifications and cancelled requests.
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
  const builtIn = METHOD_TABLE.get(method);
  const meta = (params as { _meta?: Record<string, unknown> } | undefined)?._meta;
  if (
    typeof meta === 'object' &&
    meta !== null &&
    (meta[MetaKey.protocolVersion] !== undefined || meta[MetaKey.clientCapabilities] !== undefined)
  ) {
    const origin = modernOrigin(session, id, meta);
    if (!('era' in origin)) return origin;
    const step = builtIn?.modern;
    return step === undefined
      ? otherMethod(core, origin, method, params, builtIn)
      : step(core, origin, params);
  }
  if (!session.state.initialized && builtIn?.beforeInitialize !== true) {
    return failure(
      id,
      McpErrorCode.InvalidRequest,
      'Invalid Request: the session is not initialized (send initialize first)',
    );
  }
  const origin = legacyOrigin(session, id);
  const step = builtIn?.legacy;
  return step === undefined ? otherMethod(core, origin, method, params, builtIn) : step(core, origin, params);
}

/** Modern era step: the request's own `_meta` must name a served version and the client's capabilities. */
function modernOrigin(
  session: Session,
  id: JsonRpcId,
  meta: Record<string, unknown>,
): RequestOrigin | JsonRpcFailure {
  const version = meta[MetaKey.protocolVersion];
  if (typeof version !== 'string') {
    return failure(
      id,
      McpErrorCode.InvalidParams,
      `Invalid params: _meta is missing '${MetaKey.protocolVersion}'`,
    );
  }
  if (!isModernProtocolVersion(version)) {
    const requested = peerText(version);
    return failure(
      id,
      McpErrorCode.UnsupportedProtocolVersion,
      `Unsupported protocol version: ${requested}`,
      {
        supported: [...MODERN_PROTOCOL_VERSIONS],
        requested,
      },
    );
  }
  const capabilities = meta[MetaKey.clientCapabilities];
  if (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities)) {
    return failure(
      id,
      McpErrorCode.InvalidParams,
      `Invalid params: _meta is missing '${MetaKey.clientCapabilities}'`,
    );
  }
  return {
    session,
    id,
    era: 'modern',
    protocolVersion: version,
    clientCapabilities: capabilities as ClientCapabilities,
  };
}

/** Legacy era step: what `initialize` negotiated for the session. */
function legacyOrigin(session: Session, id: JsonRpcId): RequestOrigin {
  const state = session.state;
  return {
    session,
    id,
    era: 'legacy',
    protocolVersion: state.protocolVersion ?? LATEST_LEGACY_PROTOCOL_VERSION,
    clientCapabilities: state.clientCapabilities,
  };
}

/**
 * A method with no built-in step in this era: an extension method registered with
 * `server.method()`, else -32601 (a modern request naming a legacy-only method is told why).
 */
function otherMethod(
  core: ServerCore,
  origin: RequestOrigin,
  method: string,
  params: unknown,
  builtIn: BuiltInMethod | undefined,
): DispatchResult {
  const custom = core.customMethods.get(method);
  if (custom !== undefined) return callCustomMethod(core, custom, origin, method, params);
  if (builtIn !== undefined && origin.era === 'modern') {
    return failure(
      origin.id,
      McpErrorCode.MethodNotFound,
      `Method not found: ${peerText(method)} is not part of protocol version ${origin.protocolVersion}`,
    );
  }
  return methodNotFound(origin.id, method);
}

function notification(core: ServerCore, method: string, params: unknown, session: Session): void {
  if (method === Notification.cancelled) {
    const requestId = (params as { requestId?: unknown } | undefined)?.requestId;
    if (isId(requestId)) core.cancel(session, requestId, (params as { reason?: unknown }).reason);
  }
  // notifications/initialized and anything else need no action.
}

function isId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));
}
