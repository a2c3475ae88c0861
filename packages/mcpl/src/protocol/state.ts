/** §8 (opt-in): host-managed state on tool results. */
export interface StateInfo {
  checkpoint: string;
  parent: string | null;
  data?: unknown;
  /** RFC 6902 JSON Patch against the parent's data. */
  patch?: unknown[] | undefined;
}

/** `state/rollback` (H→S request). A pruned checkpoint answers -32005 `{ checkpoint }`. */
export interface StateRollbackParams {
  featureSet: string;
  checkpoint: string;
}

export interface StateRollbackResult {
  checkpoint: string;
  success: boolean;
  reason?: string | undefined;
}

/** `state/update` (S→H request). Not in the spec: the public core and its harness. */
export interface StateUpdateParams {
  featureSet: string;
  checkpoint: string;
  parent: string | null;
  data?: unknown;
  patch?: unknown[] | undefined;
}

export interface StateUpdateResult {
  accepted: boolean;
  reason?: string | undefined;
}

/** `state/get` (S→H request). Not in the spec. */
export interface StateGetParams {
  featureSet: string;
}

export interface StateGetResult {
  checkpoint: string | null;
  data: unknown;
}
