import type { ClientCapabilities, Implementation } from '../protocol/index.js';
import {
  isLegacyProtocolVersion,
  LATEST_LEGACY_PROTOCOL_VERSION,
  LOGGING_LEVELS,
  loggingLevelRank,
  McpErrorCode,
} from '../protocol/index.js';
import { paramsObject, type RequestOrigin } from './request-origin.js';
import { type DispatchResult, failure, success } from './responses.js';
import type { ServerCore } from './server-core.js';

const EMPTY_RESULT = Object.freeze({});

/**
 * Legacy `initialize`: negotiates the version (the client's when it is a legacy one, else the
 * latest), records the client's capabilities and info, and makes the session live.
 */
export function initialize(core: ServerCore, origin: RequestOrigin, params: unknown): DispatchResult {
  const { session, id } = origin;
  const state = session.state;
  if (state.initialized)
    return failure(id, McpErrorCode.InvalidRequest, 'Invalid Request: the session is already initialized');
  const request = paramsObject(params);
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

/** Legacy `ping`: answered before `initialize` too. */
export function ping(_core: ServerCore, origin: RequestOrigin): DispatchResult {
  return success(origin.id, EMPTY_RESULT);
}

/** Legacy `logging/setLevel`: the session's threshold for `notifications/message`. */
export function setLogLevel(_core: ServerCore, origin: RequestOrigin, params: unknown): DispatchResult {
  const rank = loggingLevelRank(paramsObject(params)['level']);
  if (rank < 0) {
    return failure(
      origin.id,
      McpErrorCode.InvalidParams,
      `Invalid params: level must be one of ${LOGGING_LEVELS.join(', ')}`,
    );
  }
  origin.session.state.logLevelRank = rank;
  return success(origin.id, EMPTY_RESULT);
}
