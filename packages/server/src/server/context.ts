import type { JsonRpcId } from '@mcpforge/wire';
import type { RequestStateBinding } from '../mrtr/request-state.js';
import type {
  ClientCapabilities,
  Era,
  InputRequest,
  JsonObject,
  LoggingLevel,
  Meta,
} from '../protocol/index.js';
import { loggingLevelRank, MetaKey, Method, Notification } from '../protocol/index.js';
import { MissingClientCapabilityError } from './errors.js';
import type { InFlightRequest, Session } from './session.js';

/** Options of {@link HandlerContext.input}. */
export interface InputOptions {
  /** Handler state carried (integrity-protected) to the retry as `ctx.state`. Modern era only. */
  state?: unknown;
}

/**
 * Features of the transport serving this request, each present only when the transport offers
 * it; test for it (`ctx.transport.closeStream?.()`) and carry on without.
 */
export interface TransportFeatures {
  /**
   * Legacy HTTP with SSE: close the connection carrying this request's answer without ending
   * the stream (SSE polling, SEP-1699); the client reconnects with `Last-Event-ID` and gets the
   * rest. Returns false when the answer is not on an open SSE connection. Absent on stdio and
   * on modern HTTP requests.
   */
  closeStream?(): boolean;
}

/** What a tool, prompt, resource or completion handler gets besides its arguments. */
export interface HandlerContext {
  /** Aborted when the client cancels the request or the session closes. */
  readonly signal: AbortSignal;
  /** What the transport offers this request beyond messages (see {@link TransportFeatures}). */
  readonly transport: TransportFeatures;
  readonly era: Era;
  readonly protocolVersion: string;
  readonly clientCapabilities: ClientCapabilities;
  readonly requestId: JsonRpcId;
  /** The request's `params._meta`. */
  readonly meta: Meta | undefined;
  /** Modern MRTR retry: the verified `state` given to `input()` in the previous round. */
  readonly state: unknown;
  /** Report progress when the client sent `_meta.progressToken`; values that do not increase are dropped. */
  progress(progress: number, total?: number, message?: string): void;
  /** Send `notifications/message` if the level passes the session's (legacy) or request's (modern) level. */
  log(level: LoggingLevel, data: unknown, logger?: string): void;
  /**
   * Ask the client for input. Legacy: real server-to-client requests, resolved with their results.
   * Modern: resolves with the retry's `inputResponses`; when some are missing the runtime answers
   * `input_required` and re-runs the handler from the start on the retry.
   */
  input(requests: Record<string, InputRequest>, options?: InputOptions): Promise<Record<string, unknown>>;
  /** `elicitation/create` through {@link input}, under `key` (default `elicitation`). */
  elicit(params: JsonObject, key?: string): Promise<ElicitResult>;
  /** `sampling/createMessage` through {@link input}, under `key` (default `sampling`). */
  sample(params: JsonObject, key?: string): Promise<CreateMessageResult>;
  /** `roots/list` through {@link input}, under `key` (default `roots`). */
  listRoots(key?: string): Promise<ListRootsResult>;
}

export interface ElicitResult {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown> | undefined;
  [key: string]: unknown;
}
export interface CreateMessageResult {
  role: 'user' | 'assistant';
  content: unknown;
  model: string;
  stopReason?: string | undefined;
  [key: string]: unknown;
}
export interface ListRootsResult {
  roots: Array<{ uri: string; name?: string | undefined }>;
  [key: string]: unknown;
}

const CAPABILITY_OF_METHOD: Record<string, 'elicitation' | 'sampling' | 'roots'> = {
  [Method.elicit]: 'elicitation',
  [Method.createMessage]: 'sampling',
  [Method.listRoots]: 'roots',
};

/** The sub-capability a request needs beyond its capability, if any. */
function subCapabilityOf(request: InputRequest): 'url' | 'tools' | undefined {
  const params = request.params as Record<string, unknown> | undefined;
  if (request.method === Method.elicit && params?.['mode'] === 'url') return 'url';
  if (request.method === Method.createMessage && params?.['tools'] !== undefined) return 'tools';
  return undefined;
}

/** Thrown inside a modern handler to stop it; the runtime answers `input_required`. */
export class InputRequiredSignal extends Error {
  constructor() {
    super('input required');
    this.name = 'InputRequiredSignal';
  }
}

/** MRTR round state of a modern request: what the retry brought and what the handler still needs. */
export interface MrtrRound {
  /** What a `requestState` issued in this round is bound to. */
  binding: RequestStateBinding;
  /** Responses of this retry merged over those carried in `requestState`. */
  responses: Record<string, unknown>;
  /** Verified handler state from `requestState`. */
  state: unknown;
  /** Requests the handler asked for that the retry did not answer. */
  pending: Record<string, InputRequest> | undefined;
  pendingState: unknown;
}

const LOG_OFF = 99;
const NO_TRANSPORT_FEATURES: TransportFeatures = Object.freeze({});

/**
 * The per-request context. One object per call; the abort controller is created only when a
 * handler reads `signal` or the request is cancelled, so plain calls allocate nothing else.
 */
export class RequestContext implements HandlerContext {
  readonly session: Session;
  readonly requestId: JsonRpcId;
  readonly era: Era;
  readonly protocolVersion: string;
  readonly clientCapabilities: ClientCapabilities;
  readonly meta: Meta | undefined;
  /** Set by the runtime when the handler goes async, so a cancel can reach it. */
  inFlight: InFlightRequest | undefined;
  /** Modern: the MRTR round; undefined for methods without MRTR. */
  mrtr: MrtrRound | undefined;
  /** The request has been answered: progress and logs are dropped from now on. */
  done = false;
  #lastProgress = Number.NEGATIVE_INFINITY;
  readonly #modernLogRank: number;

  constructor(
    session: Session,
    requestId: JsonRpcId,
    era: Era,
    protocolVersion: string,
    clientCapabilities: ClientCapabilities,
    meta: Meta | undefined,
  ) {
    this.session = session;
    this.requestId = requestId;
    this.era = era;
    this.protocolVersion = protocolVersion;
    this.clientCapabilities = clientCapabilities;
    this.meta = meta;
    this.inFlight = undefined;
    this.mrtr = undefined;
    if (era === 'modern') {
      const rank = loggingLevelRank(meta?.[MetaKey.logLevel]);
      this.#modernLogRank = rank < 0 ? LOG_OFF : rank;
    } else {
      this.#modernLogRank = LOG_OFF;
    }
  }

  get signal(): AbortSignal {
    let entry = this.inFlight;
    if (entry === undefined) {
      entry = { controller: undefined, cancelled: false };
      this.inFlight = entry;
    }
    entry.controller ??= new AbortController();
    return entry.controller.signal;
  }

  get state(): unknown {
    return this.mrtr?.state;
  }

  get transport(): TransportFeatures {
    const session = this.session;
    if (session.closeStream === undefined) return NO_TRANSPORT_FEATURES;
    const requestId = this.requestId;
    return { closeStream: () => session.closeStream?.(requestId) ?? false };
  }

  progress(progress: number, total?: number, message?: string): void {
    const token = this.meta?.[MetaKey.progressToken];
    if (this.done || (typeof token !== 'string' && typeof token !== 'number')) return;
    if (!(progress > this.#lastProgress)) return;
    this.#lastProgress = progress;
    const params: Record<string, unknown> = { progressToken: token, progress };
    if (total !== undefined) params['total'] = total;
    if (message !== undefined) params['message'] = message;
    this.session.notify({ jsonrpc: '2.0', method: Notification.progress, params }, this.requestId);
  }

  log(level: LoggingLevel, data: unknown, logger?: string): void {
    if (this.done) return;
    const rank = loggingLevelRank(level);
    if (rank < 0) return;
    const threshold = this.era === 'modern' ? this.#modernLogRank : this.session.state.logLevelRank;
    if (rank < threshold) return;
    const params: Record<string, unknown> = { level, data };
    if (logger !== undefined) params['logger'] = logger;
    this.session.notify({ jsonrpc: '2.0', method: Notification.message, params }, this.requestId);
  }

  input(requests: Record<string, InputRequest>, options?: InputOptions): Promise<Record<string, unknown>> {
    try {
      this.#checkCapabilities(requests);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.era === 'modern' ? this.#modernInput(requests, options) : this.#legacyInput(requests);
  }

  async elicit(params: JsonObject, key = 'elicitation'): Promise<ElicitResult> {
    const responses = await this.input({ [key]: { method: Method.elicit, params } });
    return responses[key] as ElicitResult;
  }

  async sample(params: JsonObject, key = 'sampling'): Promise<CreateMessageResult> {
    const responses = await this.input({ [key]: { method: Method.createMessage, params } });
    return responses[key] as CreateMessageResult;
  }

  async listRoots(key = 'roots'): Promise<ListRootsResult> {
    const responses = await this.input({ [key]: { method: Method.listRoots, params: {} } });
    return responses[key] as ListRootsResult;
  }

  #checkCapabilities(requests: Record<string, InputRequest>): void {
    let missing: ClientCapabilities | undefined;
    for (const key of Object.keys(requests)) {
      const request = requests[key];
      const capability = request === undefined ? undefined : CAPABILITY_OF_METHOD[request.method];
      if (capability === undefined) throw new TypeError(`Unsupported input request method for key '${key}'`);
      const declared = this.clientCapabilities[capability] as Record<string, unknown> | undefined;
      if (declared === undefined) {
        missing ??= {};
        missing[capability] = {};
        continue;
      }
      // Sub-capabilities: URL-mode elicitation and tool use in sampling must be declared too.
      const sub = subCapabilityOf(request as InputRequest);
      if (sub !== undefined && declared[sub] === undefined) {
        missing ??= {};
        missing[capability] = { [sub]: {} };
      }
    }
    if (missing !== undefined) throw new MissingClientCapabilityError(missing);
  }

  #modernInput(
    requests: Record<string, InputRequest>,
    options: InputOptions | undefined,
  ): Promise<Record<string, unknown>> {
    const round = this.mrtr;
    if (round === undefined) {
      return Promise.reject(
        new TypeError('ctx.input is only available in tools/call, prompts/get and resources/read'),
      );
    }
    const results: Record<string, unknown> = {};
    let missing = false;
    for (const key of Object.keys(requests)) {
      if (Object.hasOwn(round.responses, key)) {
        results[key] = round.responses[key];
      } else {
        missing = true;
        round.pending ??= {};
        round.pending[key] = requests[key] as InputRequest;
      }
    }
    if (!missing) return Promise.resolve(results);
    if (options?.state !== undefined) round.pendingState = options.state;
    return Promise.reject(new InputRequiredSignal());
  }

  async #legacyInput(requests: Record<string, InputRequest>): Promise<Record<string, unknown>> {
    const keys = Object.keys(requests);
    const signal = this.signal;
    const values = await Promise.all(
      keys.map((key) => {
        const request = requests[key] as InputRequest;
        return this.session.request(request.method, request.params ?? {}, {
          relatedRequestId: this.requestId,
          signal,
        });
      }),
    );
    const results: Record<string, unknown> = {};
    keys.forEach((key, index) => {
      results[key] = values[index];
    });
    return results;
  }
}
