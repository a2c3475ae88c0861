/**
 * Every MCPL method name (spec 0.5 §4.1, §14, §17), the non-spec `branches/*` and
 * `state/update|get` that the public core and its harness speak, and the toolset and
 * access-token methods of the project's RFC-014/015 drafts. Direction and gate of each:
 * {@link METHOD_CAPABILITIES} and docs/mcpl.md.
 */
export const method = {
  INITIALIZE: 'initialize',
  // §9 push events (server → host request)
  PUSH_EVENT: 'push/event',
  // §10 context hooks (host → server request)
  CONTEXT_BEFORE_INFERENCE: 'context/beforeInference',
  // §11 inference
  INFERENCE_LIFECYCLE: 'inference/lifecycle',
  INFERENCE_REQUEST: 'inference/request',
  INFERENCE_CHUNK: 'inference/chunk',
  // §12 model information (server → host request)
  MODEL_INFO: 'model/info',
  // §5.3/§6.7 the policy carrier (host → server; request in 0.5, notification in the 0.4 dialect)
  FEATURE_SETS_UPDATE: 'featureSets/update',
  // §8 state
  STATE_ROLLBACK: 'state/rollback',
  /** Not in the spec: the public core and mcpl-harness only. */
  STATE_UPDATE: 'state/update',
  /** Not in the spec: the public core and mcpl-harness only. */
  STATE_GET: 'state/get',
  // Conversation branches: not in the spec, the public core and mcpl-harness only.
  BRANCHES_LIST: 'branches/list',
  BRANCHES_CURRENT: 'branches/current',
  BRANCHES_CREATE: 'branches/create',
  BRANCHES_SWITCH: 'branches/switch',
  BRANCHES_DELETE: 'branches/delete',
  BRANCHES_CHANGED: 'branches/changed',
  // §14 channels
  CHANNELS_REGISTER: 'channels/register',
  CHANNELS_CHANGED: 'channels/changed',
  CHANNELS_LIST: 'channels/list',
  CHANNELS_OPEN: 'channels/open',
  CHANNELS_CLOSE: 'channels/close',
  CHANNELS_OUTGOING_CHUNK: 'channels/outgoing/chunk',
  CHANNELS_OUTGOING_COMPLETE: 'channels/outgoing/complete',
  CHANNELS_PUBLISH: 'channels/publish',
  CHANNELS_INCOMING: 'channels/incoming',
  CHANNELS_ACKNOWLEDGE: 'channels/acknowledge',
  CHANNELS_TYPING: 'channels/typing',
  // §17 manifest changes (never gated)
  MANIFEST: 'mcpl/manifest',
  MANIFEST_CHANGED: 'mcpl/manifestChanged',
  // RFC-014 draft: toolsets (host → server, except the changed notification)
  TOOLSETS_LIST: 'toolsets/list',
  TOOLSETS_OPEN: 'toolsets/open',
  TOOLSETS_CLOSE: 'toolsets/close',
  TOOLSETS_CHANGED: 'toolsets/changed',
  // RFC-015 draft: delegated access tokens (server → host request)
  ACCESS_TOKEN: 'access/token',
} as const;

/** One of {@link method}'s names. */
export type McplMethod = (typeof method)[keyof typeof method];
