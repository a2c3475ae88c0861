import { RpcError } from '@mcpforge/wire';
import { type CapabilityGrantState, capabilityGranted, featureSetSelected } from '../capabilities/index.js';
import {
  type BeforeInferenceParams,
  type BeforeInferenceResult,
  type BranchesChangedParams,
  ERR_CHECKPOINT_NOT_FOUND,
  ERR_FEATURE_SET_NOT_ENABLED,
  ERR_INVALID_PARAMS,
  type InferenceChunkParams,
  type InferenceLifecycleParams,
  type StateRollbackParams,
  type StateRollbackResult,
} from '../protocol/index.js';

/**
 * What a toolkit server answers or hears of the host→server MCPL methods beyond tools and
 * channels. Each runs only for a host that negotiated MCPL; a request without its hook is
 * -32601, as for any method the server does not serve.
 */
export interface McplHooks {
  /**
   * `context/beforeInference` (§10): called when the grant holds any of its four leaves.
   * Injections at a position the grant does not cover are dropped before the answer goes
   * (the host would refuse them at receipt); a result naming a disabled feature set is -32001.
   */
  beforeInference?:
    | ((params: BeforeInferenceParams) => BeforeInferenceResult | Promise<BeforeInferenceResult>)
    | undefined;
  /**
   * `state/rollback` (§8): called when the named feature set is enabled (else -32001).
   * Throw {@link checkpointNotFound} for a pruned checkpoint (-32005).
   */
  rollback?:
    | ((params: StateRollbackParams) => StateRollbackResult | Promise<StateRollbackResult>)
    | undefined;
  /** `inference/lifecycle` notifications, when `inferenceLifecycle` is granted (others are dropped). */
  inferenceLifecycle?: ((params: InferenceLifecycleParams) => void) | undefined;
  /** `inference/chunk` notifications of a streamed `requestInference`. */
  inferenceChunk?: ((params: InferenceChunkParams) => void) | undefined;
  /** `branches/changed` notifications (not in the spec: the public core's harness sends them). */
  branchesChanged?: ((params: BranchesChangedParams) => void) | undefined;
}

/** The -32005 answer for a rollback to a checkpoint that is gone (§8.7). */
export function checkpointNotFound(checkpoint: string): RpcError {
  return new RpcError(ERR_CHECKPOINT_NOT_FOUND, `Checkpoint ${checkpoint} not found`, { checkpoint });
}

function featureSetRefusal(featureSet: string): RpcError {
  return new RpcError(ERR_FEATURE_SET_NOT_ENABLED, `Feature set ${featureSet} is not enabled`, {
    featureSet,
  });
}

/** Runs the `context/beforeInference` hook and keeps only what the grant lets the server contribute. */
export async function answerBeforeInference(
  grant: CapabilityGrantState,
  hook: NonNullable<McplHooks['beforeInference']>,
  params: unknown,
): Promise<BeforeInferenceResult> {
  const asked = params as Partial<BeforeInferenceParams> | undefined;
  if (typeof asked?.inferenceId !== 'string' || typeof asked.conversationId !== 'string') {
    throw new RpcError(ERR_INVALID_PARAMS, 'context/beforeInference needs inferenceId and conversationId');
  }
  const result = await hook(asked as BeforeInferenceParams);
  if (typeof result?.featureSet !== 'string' || !Array.isArray(result.contextInjections)) {
    throw new TypeError('A beforeInference hook must return { featureSet, contextInjections: [] }');
  }
  if (!featureSetSelected(grant, result.featureSet)) throw featureSetRefusal(result.featureSet);
  const contextInjections = result.contextInjections.filter((injection) =>
    capabilityGranted(
      grant.effectiveCapabilities,
      `contextHooks.beforeInference.inject.${injection.position}`,
    ),
  );
  return { featureSet: result.featureSet, contextInjections };
}

/** Runs the `state/rollback` hook for an enabled feature set. */
export async function answerRollback(
  grant: CapabilityGrantState,
  hook: NonNullable<McplHooks['rollback']>,
  params: unknown,
): Promise<StateRollbackResult> {
  const asked = params as Partial<StateRollbackParams> | undefined;
  if (typeof asked?.featureSet !== 'string' || typeof asked.checkpoint !== 'string') {
    throw new RpcError(ERR_INVALID_PARAMS, 'state/rollback needs featureSet and checkpoint strings');
  }
  if (!grant.ready || !featureSetSelected(grant, asked.featureSet)) throw featureSetRefusal(asked.featureSet);
  return hook(asked as StateRollbackParams);
}
