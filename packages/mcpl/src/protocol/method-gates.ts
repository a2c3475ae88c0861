import type { CapabilityPath } from '../capabilities/vocabulary.js';
import { CHANNEL_METHOD_CAPABILITIES } from './channels.js';

/**
 * The capability path that gates each method (§2). `context/beforeInference` is gated by any
 * of its four leaves and is absent here; `featureSets/update`, `state/rollback`,
 * `mcpl/manifest`, `mcpl/manifestChanged` are never gated. Toolset methods need `tools`.
 */
export const METHOD_CAPABILITIES: Readonly<Record<string, CapabilityPath>> = {
  'push/event': 'pushEvents',
  'inference/lifecycle': 'inferenceLifecycle',
  'inference/request': 'inferenceRequest',
  'inference/chunk': 'inferenceRequest.streaming',
  'model/info': 'modelInfo',
  'tools/list': 'tools',
  'tools/call': 'tools',
  'toolsets/list': 'tools',
  'toolsets/open': 'tools',
  'toolsets/close': 'tools',
  'toolsets/changed': 'tools',
  ...CHANNEL_METHOD_CAPABILITIES,
};

/** The leaves any one of which lets a host call `context/beforeInference`. */
export const BEFORE_INFERENCE_CAPABILITIES: readonly CapabilityPath[] = [
  'contextHooks.beforeInference.observe',
  'contextHooks.beforeInference.inject.system',
  'contextHooks.beforeInference.inject.beforeUser',
  'contextHooks.beforeInference.inject.afterUser',
];
