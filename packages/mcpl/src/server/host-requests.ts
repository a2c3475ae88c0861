import type { Connection, RequestOptions } from '@mcpforge/wire';
import {
  type BranchesActionResult,
  type BranchesCreateParams,
  type BranchesCreateResult,
  type BranchesCurrentParams,
  type BranchesCurrentResult,
  type BranchesDeleteParams,
  type BranchesListParams,
  type BranchesListResult,
  type BranchesSwitchParams,
  type InferenceRequestParams,
  type InferenceRequestResult,
  type ModelInfoResult,
  method,
  type StateGetParams,
  type StateGetResult,
  type StateUpdateParams,
  type StateUpdateResult,
} from '../protocol/index.js';

/** The non-spec `branches/*` requests a server may send, with their params and results. */
export interface BranchRequests {
  'branches/list': [BranchesListParams, BranchesListResult];
  'branches/current': [BranchesCurrentParams, BranchesCurrentResult];
  'branches/create': [BranchesCreateParams, BranchesCreateResult];
  'branches/switch': [BranchesSwitchParams, BranchesActionResult];
  'branches/delete': [BranchesDeleteParams, BranchesActionResult];
}

/** Throws `McplServeError` (nothing sent) unless the host's grant covers it. */
type Check = (capability: string | undefined, featureSet?: string) => void;

/**
 * Server→host requests of one MCPL session beyond push events and channels: `inference/request`
 * (§11, needs `inferenceRequest`, `.streaming` with `stream: true`), `model/info` (§12, needs
 * `modelInfo`), and the public core's non-spec `state/update|get` and `branches/*` (no
 * capability gates them: the grant must be ready and their feature set enabled). Each is
 * checked before it is sent; the host's refusal arrives as an `RpcError`.
 */
export class HostRequests {
  readonly #connection: Connection;
  readonly #check: Check;

  constructor(connection: Connection, check: Check) {
    this.#connection = connection;
    this.#check = check;
  }

  /** `inference/request`: the host runs a completion for the server's feature set. */
  inference(params: InferenceRequestParams, options: RequestOptions = {}): Promise<InferenceRequestResult> {
    this.#check(
      params.stream === true ? 'inferenceRequest.streaming' : 'inferenceRequest',
      params.featureSet,
    );
    return this.#connection.request<InferenceRequestResult>(method.INFERENCE_REQUEST, params, options);
  }

  /** `model/info`: the host's current model. */
  modelInfo(options: RequestOptions = {}): Promise<ModelInfoResult> {
    this.#check('modelInfo');
    return this.#connection.request<ModelInfoResult>(method.MODEL_INFO, {}, options);
  }

  /** `state/update` (not in the spec): the host keeps the feature set's new state. */
  updateState(params: StateUpdateParams, options: RequestOptions = {}): Promise<StateUpdateResult> {
    this.#check(undefined, params.featureSet);
    return this.#connection.request<StateUpdateResult>(method.STATE_UPDATE, params, options);
  }

  /** `state/get` (not in the spec): the state the host keeps for the feature set. */
  getState(params: StateGetParams, options: RequestOptions = {}): Promise<StateGetResult> {
    this.#check(undefined, params.featureSet);
    return this.#connection.request<StateGetResult>(method.STATE_GET, params, options);
  }

  /** One of the non-spec `branches/*` requests. */
  branches<M extends keyof BranchRequests>(
    name: M,
    params: BranchRequests[M][0],
    options: RequestOptions = {},
  ): Promise<BranchRequests[M][1]> {
    this.#check(undefined, params.featureSet);
    return this.#connection.request<BranchRequests[M][1]>(name, params, options);
  }
}
