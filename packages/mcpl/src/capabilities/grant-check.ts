import { ERR_CAPABILITY_DENIED, ERR_FEATURE_SET_NOT_ENABLED } from '../protocol/error-codes.js';
import { BEFORE_INFERENCE_CAPABILITIES, METHOD_CAPABILITIES } from '../protocol/method-gates.js';
import { deriveFeatureSets } from './feature-sets.js';
import { type CapabilityGrantState, capabilityGranted, featureSetSelected } from './grants.js';

/** The JSON-RPC error a refused message is answered with (§6.6: an error, never a result flag). */
export interface GrantRefusal {
  code: typeof ERR_CAPABILITY_DENIED | typeof ERR_FEATURE_SET_NOT_ENABLED;
  message: string;
  data: { capability: string } | { featureSet: string };
}

export interface GrantCheck {
  /** The method to send or accept. */
  method: string;
  /** The feature set the message belongs to (§6.5), or that a tool belongs to. */
  featureSet?: string | undefined;
  /** The server's declared feature sets (either dialect), to check the set's own `uses`. */
  featureSets?: unknown;
}

/**
 * Whether a message may go through under the grant, and if not the error to answer with:
 * -32002 `{ capability }` when the grant is not ready or does not cover the method's gate
 * (`context/beforeInference`: any of its four leaves), -32001 `{ featureSet }` when the named
 * feature set is not selected or its `uses` are not all granted. Ungated methods (`mcpl/*`,
 * `featureSets/update`, `state/rollback`) pass when no feature set is named.
 * @returns undefined when allowed
 */
export function checkGrant(state: CapabilityGrantState, check: GrantCheck): GrantRefusal | undefined {
  // Own keys only: a method named `__proto__` or `toString` has no gate.
  const gate = Object.hasOwn(METHOD_CAPABILITIES, check.method)
    ? METHOD_CAPABILITIES[check.method]
    : undefined;
  const gates =
    check.method === 'context/beforeInference'
      ? BEFORE_INFERENCE_CAPABILITIES
      : gate === undefined
        ? []
        : [gate];
  if (
    gates.length > 0 &&
    !(state.ready && gates.some((path) => capabilityGranted(state.effectiveCapabilities, path)))
  ) {
    const capability = gates[0] as string;
    const why = state.ready
      ? 'is not granted'
      : 'is unavailable until the host sends its featureSets/update grant';
    return {
      code: ERR_CAPABILITY_DENIED,
      message: `Capability '${capability}' ${why}`,
      data: { capability },
    };
  }
  const name = check.featureSet;
  if (name === undefined) return undefined;
  const derived =
    check.featureSets === undefined
      ? undefined
      : deriveFeatureSets(check.featureSets, state.effectiveCapabilities);
  const usable = derived === undefined || derived.enabled.includes(name);
  if (featureSetSelected(state, name) && usable) return undefined;
  return {
    code: ERR_FEATURE_SET_NOT_ENABLED,
    message: `Feature set '${name}' is not enabled`,
    data: { featureSet: name },
  };
}
