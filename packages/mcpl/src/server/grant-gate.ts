import { type CapabilityGrantState, capabilityGranted, featureSetSelected } from '../capabilities/index.js';
import { ERR_CAPABILITY_DENIED, ERR_FEATURE_SET_NOT_ENABLED } from '../protocol/index.js';

/** A refusal as JSON-RPC wants it (§6.6: an error object, never a result flag). */
export interface Refusal {
  code: number;
  message: string;
  data: { capability: string } | { featureSet: string };
}

/**
 * Whether `grant` lets `capability` be used by `featureSet` (when one is named): -32002 with
 * `data.capability` when the grant (not ready, or without the path) does not cover it, -32001
 * with `data.featureSet` when the set is disabled or not in an `enabled` allowlist.
 */
export function refusal(
  grant: CapabilityGrantState,
  capability: string,
  featureSet?: string,
): Refusal | undefined {
  if (!grant.ready || !capabilityGranted(grant.effectiveCapabilities, capability)) {
    return {
      code: ERR_CAPABILITY_DENIED,
      message: grant.ready
        ? `The host has not granted ${capability}`
        : `No grant yet: send featureSets/update before using ${capability}`,
      data: { capability },
    };
  }
  if (featureSet !== undefined && !featureSetSelected(grant, featureSet)) {
    return {
      code: ERR_FEATURE_SET_NOT_ENABLED,
      message: `Feature set ${featureSet} is not enabled`,
      data: { featureSet },
    };
  }
  return undefined;
}
