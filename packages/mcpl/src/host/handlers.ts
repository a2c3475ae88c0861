import type {
  AccessTokenParams,
  AccessTokenResult,
  BranchesActionResult,
  BranchesCreateParams,
  BranchesCreateResult,
  BranchesCurrentParams,
  BranchesCurrentResult,
  BranchesDeleteParams,
  BranchesListParams,
  BranchesListResult,
  BranchesSwitchParams,
  InferenceRequestParams,
  InferenceRequestResult,
  ModelInfoResult,
  StateGetParams,
  StateGetResult,
  StateRollbackParams,
  StateRollbackResult,
  StateUpdateParams,
  StateUpdateResult,
} from '../protocol/index.js';

/** Context given to a host handler: which server request it answers. */
export interface HostRequestContext {
  method: string;
  requestId: string | number;
}

type Handler<P, R> = (params: P, ctx: HostRequestContext) => R | Promise<R>;

/**
 * Server→host requests a host may answer. A method without a handler is refused with -32601,
 * as the spec's bridge does; a handler that throws an `RpcError` sends that error, any other
 * throw a -32603 without its message (it may hold host internals).
 */
export interface HostHandlers {
  'state/get'?: Handler<StateGetParams, StateGetResult>;
  'state/update'?: Handler<StateUpdateParams, StateUpdateResult>;
  'state/rollback'?: Handler<StateRollbackParams, StateRollbackResult>;
  'branches/list'?: Handler<BranchesListParams, BranchesListResult>;
  'branches/current'?: Handler<BranchesCurrentParams, BranchesCurrentResult>;
  'branches/create'?: Handler<BranchesCreateParams, BranchesCreateResult>;
  'branches/switch'?: Handler<BranchesSwitchParams, BranchesActionResult>;
  'branches/delete'?: Handler<BranchesDeleteParams, BranchesActionResult>;
  'inference/request'?: Handler<InferenceRequestParams, InferenceRequestResult>;
  'model/info'?: Handler<Record<string, never>, ModelInfoResult>;
  /** RFC-015 draft: a short-lived credential for `audience` (a toolset's `ctx.access`). */
  'access/token'?: Handler<AccessTokenParams, AccessTokenResult>;
}

export type HostHandlerMethod = keyof HostHandlers;

/** Methods {@link HostHandlers} may name; any other server request is refused with -32601. */
export const HOST_HANDLER_METHODS: readonly HostHandlerMethod[] = [
  'state/get',
  'state/update',
  'state/rollback',
  'branches/list',
  'branches/current',
  'branches/create',
  'branches/switch',
  'branches/delete',
  'inference/request',
  'model/info',
  'access/token',
];
