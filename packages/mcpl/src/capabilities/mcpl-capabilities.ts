import type { FeatureSetsMember } from '../protocol/feature-sets.js';

/** A node of the advertisement tree: `true` = every leaf below, `false`/absent = none. */
export type CapabilityNode = boolean | { [member: string]: CapabilityNode | undefined };

export interface ContextHooksCapability {
  beforeInference?:
    | boolean
    | {
        observe?: boolean | undefined;
        inject?:
          | boolean
          | {
              system?: boolean | undefined;
              beforeUser?: boolean | undefined;
              afterUser?: boolean | undefined;
            }
          | undefined;
      }
    | undefined;
}

export interface ChannelsCapability {
  register?: boolean | undefined;
  lifecycle?: boolean | undefined;
  publish?: boolean | undefined;
  incoming?: boolean | undefined;
  streaming?: boolean | undefined;
  acknowledge?: boolean | undefined;
  typing?: boolean | undefined;
}

/**
 * `capabilities.experimental.mcpl` as either side sends it: the server's is its manifest
 * (§5.1, §17), the host mirrors the shape (§5.2). Both dialects type-check: 0.5
 * (`version: "0.5"`, object-keyed `featureSets`) and the 0.4 era every deployed peer speaks
 * (`version: "0.4"`, array `featureSets`, boolean `channels`).
 */
export interface McplCapabilities {
  version: string;
  revision?: string | undefined;
  pushEvents?: boolean | undefined;
  /** Confers nothing here: `tools` comes from the outer MCP `capabilities.tools`. */
  tools?: boolean | undefined;
  modelInfo?: boolean | undefined;
  inferenceRequest?: boolean | { streaming?: boolean | undefined } | undefined;
  inferenceLifecycle?: boolean | undefined;
  contextHooks?: boolean | ContextHooksCapability | undefined;
  channels?: boolean | ChannelsCapability | undefined;
  featureSets?: FeatureSetsMember | undefined;
  /** 0.4 era; confers nothing. */
  rollback?: boolean | undefined;
  /** Vendor extensions and members of later drafts (ignored by the walk). */
  [member: string]: unknown;
}

/** A server's manifest: its advertisement. */
export type McplManifest = McplCapabilities;
