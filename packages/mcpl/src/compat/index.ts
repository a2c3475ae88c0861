/**
 * @mcpforge/mcpl/compat: the names peers import from `@animalabs/mcpl-core`, on `@mcpforge/wire`,
 * so a program written for it runs by changing the import (or through an npm `overrides`
 * mapping, see docs/mcpl.md). Differences from the public package: docs/mcpl.md.
 */
export {
  ConnectionClosedError,
  type JsonRpcErrorObject as JsonRpcError,
  type JsonRpcId,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type RequestOutcome,
  RpcError,
} from '@mcpforge/wire';
export {
  advertisedCapabilities,
  advertisedCapabilitiesFromInitialize,
  CAPABILITY_PATHS,
  type CapabilityGrantState,
  type CapabilityPath,
  capabilityGranted,
  capabilityPatternMatches,
  conflictingCapabilityEntries,
  deriveFeatureSets,
  emptyGrantState,
  extractMcpl,
  featureSetSelected,
  grantFromUpdate,
  hasInferenceRequest,
  hasInferenceStreaming,
  isCapabilityPath,
  type McplCapabilities,
  type McplManifest,
  PATHS_NOT_ADVERTISED_IN_MCPL,
  validateUses,
} from '../capabilities/index.js';
export {
  canonicalizeJson,
  changedDomains,
  isManifestRevision,
  ManifestTracker,
  manifestCanonicalString,
  manifestDigest,
  withRevision,
} from '../manifest/index.js';
export {
  type ChannelDescriptor,
  type ChannelsPublishParams,
  type ContentBlock,
  ERR_CAPABILITY_DENIED,
  ERR_CHANNEL_NOT_PERMITTED,
  ERR_CHANNEL_OPEN_FAILED,
  ERR_CHECKPOINT_NOT_FOUND,
  ERR_FEATURE_SET_NOT_ENABLED,
  ERR_INTERNAL_ERROR,
  ERR_INVALID_PARAMS,
  ERR_INVALID_REQUEST,
  ERR_METHOD_NOT_FOUND,
  ERR_PARSE_ERROR,
  ERR_SERVER_ERROR,
  ERR_UNKNOWN_CHANNEL,
  ERR_UNKNOWN_FEATURE_SET,
  type FeatureSetDeclaration,
  type FeatureSetsUpdateParams,
  method,
  type PushEventParams,
  type PushEventResult,
  textContent,
} from '../protocol/index.js';
export {
  DEFAULT_REQUEST_TIMEOUT,
  type IncomingEnvelope,
  type IncomingEnvelope as IncomingMessage,
  McplConnection,
  type McplConnectionEvents,
} from './connection.js';
export { ConnectionError } from './connection-error.js';
export { makeErrorResponse, makeNotification, makeRequest, makeResponse } from './json-rpc.js';
export { ConnectionTimeoutError } from './timeout-error.js';
export type { WebSocketLike } from './web-socket.js';
