/** Feature sets (§6, App. B.2) and the policy carrier `featureSets/update` (§5.3, §6.7). */

/** An event-tag descriptor of a tag ontology (§16). */
export interface TagDescriptor {
  desc?: string | undefined;
  facet?: string | undefined;
  implies?: string[] | undefined;
  suggestedTreatment?: string | undefined;
  stability?: string | undefined;
  [key: string]: unknown;
}

export interface KeyedTagDescriptor {
  desc?: string | undefined;
  values: string[];
  ordered?: boolean | undefined;
  [key: string]: unknown;
}

export interface TreatmentRule {
  tagsAny?: string[] | undefined;
  tagsAll?: string[] | undefined;
  tagsNone?: string[] | undefined;
  behavior: string;
}

export interface TagOntology {
  coreTags?: string[] | undefined;
  tags?: Record<string, TagDescriptor> | undefined;
  keyed?: Record<string, KeyedTagDescriptor> | undefined;
  suggestedTreatment?: TreatmentRule[] | undefined;
  open?: boolean | undefined;
  [key: string]: unknown;
}

/**
 * A 0.5 declaration, the value under its name in the object-keyed `featureSets`. `uses` should
 * hold only vocabulary paths (§6.4; `validateUses` checks); typed `string[]` since it comes from
 * peers.
 */
export interface FeatureSetDeclaration {
  description: string;
  uses: string[];
  rollback?: boolean | undefined;
  tagOntology?: TagOntology | undefined;
  [key: string]: unknown;
}

/** The 0.4-era dialect's entry of the array-form `featureSets` (every deployed peer sends it). */
export interface FeatureSetDeclaration04 {
  name: string;
  description?: string | undefined;
  uses: string[];
  rollback?: boolean | undefined;
  hostState?: boolean | undefined;
  tagOntology?: TagOntology | undefined;
  [key: string]: unknown;
}

/** `featureSets` as a manifest carries it: 0.5 object, 0.4 array, or the host mirror's `true`. */
export type FeatureSetsMember = Record<string, FeatureSetDeclaration> | FeatureSetDeclaration04[] | boolean;

/**
 * `featureSets/update` (H→S). As a request (0.5) it is the grant: absent
 * `effectiveCapabilities` grants nothing, present `enabled` is an allowlist, `disabled`
 * subtracts. As a notification (the 0.4 dialect, or descriptive metadata in 0.5) it can only
 * narrow.
 */
export interface FeatureSetsUpdateParams {
  enabled?: string[] | undefined;
  disabled?: string[] | undefined;
  /** The only authoritative allowlist of capability paths (wildcards `*` = one segment). */
  effectiveCapabilities?: string[] | undefined;
  /** Diagnostic only: never authorises or denies anything by itself. */
  deniedCapabilities?: string[] | undefined;
  /** 0.4 dialect: scoped-access leftovers, ignored. */
  scopes?: unknown;
}

/** Why a feature set is unavailable. */
export type FeatureSetDisabledReason = 'invalid_uses' | 'capability_denied' | 'not_selected';

export interface UnavailableFeature {
  featureSet: string;
  missingCapabilities: string[];
  effect: string;
}

/** The degradation receipt: `mode` only when something degraded. */
export interface FeatureSetsUpdateAccepted {
  accepted: true;
  mode?: 'degraded' | undefined;
  unavailableFeatures?: UnavailableFeature[] | undefined;
  notes?: string[] | undefined;
}

export interface FeatureSetsUpdateRefused {
  accepted: false;
  /** Required: what the server does instead. */
  fallback: 'mcp-only' | 'close';
  missingCapabilities?: string[] | undefined;
  reason?: string | undefined;
}

export type FeatureSetsUpdateResult = FeatureSetsUpdateAccepted | FeatureSetsUpdateRefused;
