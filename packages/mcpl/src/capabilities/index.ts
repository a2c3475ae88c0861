export {
  advertisedCapabilities,
  advertisedCapabilitiesFromInitialize,
  extractMcpl,
  hasInferenceRequest,
  hasInferenceStreaming,
} from './advertisement.js';
export { MCPL_VERSION, type McplDialect, mcplDialect } from './dialect.js';
export {
  type DerivedFeatureSets,
  type DisabledFeatureSet,
  deriveFeatureSets,
  type FeatureSetEntry,
  featureSetEntries,
  featureSetsInDialect,
  type UsesValidation,
  validateUses,
} from './feature-sets.js';
export { checkGrant, type GrantCheck, type GrantRefusal } from './grant-check.js';
export {
  type CapabilityGrantState,
  capabilityGranted,
  capabilityPatternMatches,
  conflictingCapabilityEntries,
  emptyGrantState,
  featureSetNameMatches,
  featureSetSelected,
  type GrantUpdate,
  type GrantUpdateOptions,
  grantFromUpdate,
  legacyGrantState,
  type UpdateKind,
} from './grants.js';
export type {
  CapabilityNode,
  ChannelsCapability,
  ContextHooksCapability,
  McplCapabilities,
  McplManifest,
} from './mcpl-capabilities.js';
export {
  CAPABILITY_PATHS,
  type CapabilityPath,
  isCapabilityPath,
  PATHS_NOT_ADVERTISED_IN_MCPL,
  REMOVED_CAPABILITY_PATHS,
} from './vocabulary.js';
