/** Conversation branches: not in the spec; the public core and mcpl-harness speak them (S→H). */
export interface BranchInfo {
  name: string;
  head: string;
  isCurrent: boolean;
  parent: string | null;
  branchPoint: string | null;
}

export interface BranchesListParams {
  featureSet: string;
}

export interface BranchesListResult {
  branches: BranchInfo[];
}

export interface BranchesCurrentParams {
  featureSet: string;
}

export interface BranchesCurrentResult {
  branch: BranchInfo | null;
}

export interface BranchesCreateParams {
  featureSet: string;
  name: string;
  from?: string | undefined;
  atCheckpoint?: string | undefined;
}

export interface BranchesCreateResult {
  accepted: boolean;
  name?: string | undefined;
  head?: string | undefined;
  reason?: string | undefined;
}

export interface BranchesSwitchParams {
  featureSet: string;
  name: string;
}

export interface BranchesDeleteParams {
  featureSet: string;
  name: string;
}

/** Answer of `branches/switch` and `branches/delete`. */
export interface BranchesActionResult {
  accepted: boolean;
  reason?: string | undefined;
}

/** `branches/changed` (H→S notification). */
export interface BranchesChangedParams {
  featureSet?: string | undefined;
  current?: string | undefined;
  branches?: BranchInfo[] | undefined;
}
