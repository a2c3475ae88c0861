/**
 * @mcpforge/mcpl/server: a toolkit server (`createServer`) served with MCPL: the manifest in
 * `experimental.mcpl` for hosts that ask, grants enforced on its tools, push events and channel
 * messages; plain MCP for hosts that do not.
 */
export { type Refusal, refusal } from './grant-gate.js';
export { answerBeforeInference, answerRollback, checkpointNotFound, type McplHooks } from './hooks.js';
export { type BranchRequests, HostRequests } from './host-requests.js';
export { buildManifest, manifestForDialect, toolsFeatureSet } from './manifest.js';
export {
  type ChannelHandlers,
  type McplServeOptions,
  McplSession,
  type PushEventInput,
  serveMcpl,
  serveMcplStdio,
} from './mcpl-session.js';
export { McplServeError, type McplServeErrorCode } from './serve-error.js';
