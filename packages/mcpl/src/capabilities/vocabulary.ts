/**
 * The closed capability vocabulary (SPEC 0.5 §6.2, App. B.2): exactly these 17 paths. A
 * feature set's `uses` may hold only these; interior nodes (`channels`,
 * `contextHooks.beforeInference`, `…inject`) are not paths.
 */
export const CAPABILITY_PATHS = [
  'pushEvents',
  'tools',
  'modelInfo',
  'inferenceRequest',
  'inferenceRequest.streaming',
  'inferenceLifecycle',
  'contextHooks.beforeInference.observe',
  'contextHooks.beforeInference.inject.system',
  'contextHooks.beforeInference.inject.beforeUser',
  'contextHooks.beforeInference.inject.afterUser',
  'channels.register',
  'channels.lifecycle',
  'channels.publish',
  'channels.incoming',
  'channels.streaming',
  'channels.acknowledge',
  'channels.typing',
] as const;

export type CapabilityPath = (typeof CAPABILITY_PATHS)[number];

const PATHS: ReadonlySet<string> = new Set(CAPABILITY_PATHS);

/** Whether `value` is one of the 17 vocabulary paths (exact, case-sensitive). */
export function isCapabilityPath(value: unknown): value is CapabilityPath {
  return typeof value === 'string' && PATHS.has(value);
}

/**
 * Paths an `experimental.mcpl` object cannot advertise: `tools` comes only from the outer MCP
 * `capabilities.tools` (`mcpl.tools: true` grants nothing).
 */
export const PATHS_NOT_ADVERTISED_IN_MCPL: readonly CapabilityPath[] = ['tools'];

/** Values earlier drafts used and 0.5 removed; never valid in `uses` or a grant. */
export const REMOVED_CAPABILITY_PATHS = [
  'channels.observe',
  'contextHooks.beforeInference',
  'contextHooks.afterInference',
] as const;
