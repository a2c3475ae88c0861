import { EventEmitter } from 'node:events';
import {
  type Connection,
  ConnectionClosedError,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type RequestOptions,
  RpcError,
} from '@mcpforge/wire';
import {
  advertisedCapabilities,
  advertisedCapabilitiesFromInitialize,
  type CapabilityGrantState,
  capabilityGranted,
  extractMcpl,
  featureSetEntries,
  featureSetNameMatches,
  grantFromUpdate,
  legacyGrantState,
  MCPL_VERSION,
  type McplCapabilities,
  type McplDialect,
  mcplDialect,
} from '../capabilities/index.js';
import {
  BEFORE_INFERENCE_CAPABILITIES,
  type BeforeInferenceParams,
  type BeforeInferenceResult,
  type ChannelsChangedParams,
  type ChannelsIncomingParams,
  type ChannelsIncomingResult,
  type ChannelsItemizedResult,
  type ChannelsRegisterParams,
  ERR_CAPABILITY_DENIED,
  ERR_FEATURE_SET_NOT_ENABLED,
  ERR_INTERNAL_ERROR,
  ERR_INVALID_PARAMS,
  ERR_METHOD_NOT_FOUND,
  ERR_UNKNOWN_FEATURE_SET,
  type FeatureSetsUpdateParams,
  type FeatureSetsUpdateResult,
  type ManifestChangedParams,
  method,
  type PushEventParams,
  type PushEventResult,
  type StateRollbackParams,
  type StateRollbackResult,
  TOOL_PRESENCE_META_KEY,
  TOOLSET_HINTS_META_KEY,
  type ToolsetHintChange,
  type ToolsetsCloseResult,
  type ToolsetsListResult,
  type ToolsetsOpenResult,
} from '../protocol/index.js';
import { RecentIds } from './event-ids.js';
import { HOST_HANDLER_METHODS, type HostHandlerMethod, type HostHandlers } from './handlers.js';
import { McplHostError } from './host-error.js';
import { isHintChange, ToolPresenceView } from './toolset-view.js';

/** Channels one server may register with this host; more are refused item by item (bounded memory). */
export const MAX_CHANNELS = 10_000;

/** MCP's protocol version every deployed MCPL peer speaks. */
export const DEFAULT_PROTOCOL_VERSION = '2024-11-05';

/** The host mirror advertised by default (§5.2): push events, channels, `featureSets: true`. */
export const DEFAULT_HOST_MCPL: McplCapabilities = {
  version: MCPL_VERSION,
  pushEvents: true,
  channels: { register: true, publish: true, incoming: true, lifecycle: true },
  featureSets: true,
};

export interface McplHostOptions {
  clientInfo: { name: string; version: string };
  /** Default {@link DEFAULT_PROTOCOL_VERSION}. */
  protocolVersion?: string | undefined;
  /** The host's `experimental.mcpl`; `false` to connect as a plain MCP client. Default {@link DEFAULT_HOST_MCPL}. */
  mcpl?: McplCapabilities | false | undefined;
  /**
   * The grant sent after `initialize` (0.5: a `featureSets/update` request; 0.4: the same
   * params as a notification). Default: every path both sides advertised, plus `tools`.
   */
  grant?: FeatureSetsUpdateParams | undefined;
  /** Answers for server→host requests; the rest get -32601. */
  handlers?: HostHandlers | undefined;
  /** Decides a `push/event`'s answer; default `{ accepted: true }`. Runs after the `pushEvent` event. */
  onPushEvent?: ((params: PushEventParams) => PushEventResult | Promise<PushEventResult>) | undefined;
  /** Repeated `eventId`s remembered for dedupe. Default 1024. */
  rememberedEventIds?: number | undefined;
}

/** What `initialize()` learned about the server. */
export interface ServerHello {
  protocolVersion: string;
  serverInfo: { name: string; version: string; [key: string]: unknown };
  capabilities: Record<string, unknown>;
  /** The server's `experimental.mcpl` (its manifest), when both sides speak MCPL. */
  mcpl: McplCapabilities | undefined;
  dialect: McplDialect | undefined;
  /** The server's answer to the 0.5 grant request. */
  grantReceipt: FeatureSetsUpdateResult | undefined;
  instructions?: string | undefined;
}

export interface McplHostEvents {
  /** A new (not repeated) push event the host accepted under its grant. */
  pushEvent: [params: PushEventParams];
  /** `channels/incoming` messages on registered channels. */
  channelMessages: [params: ChannelsIncomingParams];
  channelsRegistered: [params: ChannelsRegisterParams];
  channelsChanged: [params: ChannelsChangedParams];
  manifestChanged: [params: ManifestChangedParams];
  /**
   * A toolset hint change (RFC-014 draft) from a call result, a `toolsets/open|close` answer,
   * a push event or `toolsets/changed`, once it is in effect in {@link McplHost.toolPresence}
   * (in revision order: a change that arrived early is emitted after its predecessor).
   */
  toolsetHints: [change: ToolsetHintChange];
  /** Any other notification (MCP's `notifications/*`). */
  notification: [message: JsonRpcNotification];
  /** Malformed input, refused requests and handler failures, for the log. */
  error: [error: Error];
  close: [];
}

export interface Tool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  [key: string]: unknown;
}

export interface CallToolResult {
  content: Array<{ type: string; [key: string]: unknown }>;
  isError?: boolean;
  structuredContent?: unknown;
  [key: string]: unknown;
}

/**
 * A typed MCPL host on one `@mcpforge/wire` connection: `initialize` with
 * `experimental.mcpl` (0.4 and 0.5 peers), the grant, push events and channel messages as
 * events (answered per spec: -32602 malformed, -32002 capability not granted, -32003 unknown
 * feature set, -32001 feature set not enabled), `state/*`, `branches/*`, `inference/*` and
 * `model/info` through registered handlers or -32601, tool helpers, `close()`.
 *
 * Build the connection with `{ queueIncoming: false }`: the client consumes the events.
 */
export class McplHost extends EventEmitter<McplHostEvents> {
  readonly connection: Connection;
  readonly #options: McplHostOptions;
  readonly #handlers: Map<string, (params: never, ctx: never) => unknown>;
  readonly #seen: RecentIds;
  #hello: ServerHello | undefined;
  #grant: CapabilityGrantState | undefined;
  #declaredSets: string[] = [];
  /** Channel ids the server registered and the host accepted; incoming messages must name one. */
  readonly #channels = new Set<string>();
  #initializing = false;
  /** Tool presence as the server's hints say (RFC-014 draft), in revision order. */
  readonly toolPresence = new ToolPresenceView((change) => this.emit('toolsetHints', change));

  constructor(connection: Connection, options: McplHostOptions) {
    super();
    this.connection = connection;
    this.#options = options;
    this.#seen = new RecentIds(options.rememberedEventIds ?? 1024);
    this.#handlers = new Map();
    for (const [name, handler] of Object.entries(options.handlers ?? {})) {
      if (!(HOST_HANDLER_METHODS as readonly string[]).includes(name)) {
        throw new TypeError(`'${name}' is not a server→host request a host handler can answer`);
      }
      if (handler) this.#handlers.set(name, handler as (params: never, ctx: never) => unknown);
    }
    connection.on('request', (message) => void this.#onRequest(message));
    connection.on('notification', (message) => this.#onNotification(message));
    connection.on('error', (error) => this.#report(error));
    connection.on('close', () => this.emit('close'));
  }

  /** The server's hello, once `initialize()` resolved. */
  get server(): ServerHello | undefined {
    return this.#hello;
  }

  /** True once both sides negotiated MCPL. */
  get mcplActive(): boolean {
    return this.#hello?.mcpl !== undefined;
  }

  /** Register or replace the handler of one server→host request. */
  handle<M extends HostHandlerMethod>(name: M, handler: NonNullable<HostHandlers[M]>): this {
    if (!(HOST_HANDLER_METHODS as readonly string[]).includes(name)) {
      throw new TypeError(`'${name}' is not a server→host request a host handler can answer`);
    }
    this.#handlers.set(name, handler as (params: never, ctx: never) => unknown);
    return this;
  }

  /**
   * `initialize` → `notifications/initialized` (sent before anything else: 0.4 servers read
   * exactly one message after initialize) → the grant: a `featureSets/update` request for a
   * 0.5 server (its receipt in `grantReceipt`), a notification for a 0.4 one.
   */
  async initialize(options: RequestOptions = {}): Promise<ServerHello> {
    if (this.#hello !== undefined || this.#initializing) {
      throw new McplHostError('ERR_ALREADY_INITIALIZED', 'initialize() was already called on this host');
    }
    this.#initializing = true;
    const hostMcpl = this.#options.mcpl === undefined ? DEFAULT_HOST_MCPL : this.#options.mcpl;
    const capabilities = hostMcpl === false ? {} : { experimental: { mcpl: hostMcpl } };
    const result = await this.connection.request<Record<string, unknown>>(
      'initialize',
      {
        protocolVersion: this.#options.protocolVersion ?? DEFAULT_PROTOCOL_VERSION,
        capabilities,
        clientInfo: this.#options.clientInfo,
      },
      options,
    );
    if (typeof result !== 'object' || result === null || typeof result['protocolVersion'] !== 'string') {
      throw new McplHostError(
        'ERR_INVALID_RESULT',
        'The server answered initialize without a protocolVersion',
      );
    }
    const serverCapabilities = (result['capabilities'] ?? {}) as Record<string, unknown>;
    const serverMcpl = hostMcpl === false ? undefined : extractMcpl(serverCapabilities);
    const dialect = serverMcpl === undefined ? undefined : (mcplDialect(serverMcpl['version']) ?? '0.5');
    this.connection.notify('notifications/initialized');
    const hello: ServerHello = {
      protocolVersion: result['protocolVersion'],
      serverInfo: result['serverInfo'] as ServerHello['serverInfo'],
      capabilities: serverCapabilities,
      mcpl: serverMcpl as McplCapabilities | undefined,
      dialect,
      grantReceipt: undefined,
      ...(typeof result['instructions'] === 'string' ? { instructions: result['instructions'] } : {}),
    };
    this.#hello = hello;
    if (serverMcpl !== undefined) {
      this.#declaredSets = featureSetEntries(serverMcpl['featureSets']).map((entry) => entry.name);
      const grant =
        this.#options.grant ?? this.#defaultGrant(hostMcpl || DEFAULT_HOST_MCPL, serverCapabilities);
      if (dialect === '0.4') {
        // The 0.4 era has no grant request: what both sides advertised holds from now on.
        this.#grant = legacyGrantState({ experimental: { mcpl: hostMcpl } }, serverCapabilities);
        this.#grant = grantFromUpdate(this.#grant, grant, 'notification', { dialect: '0.4' }).state;
        this.connection.notify(method.FEATURE_SETS_UPDATE, grant);
      } else {
        hello.grantReceipt = await this.updateGrant(grant, options);
      }
    }
    return hello;
  }

  /**
   * Sends a new grant. 0.5: a request; the grant applies here before it is sent (a reduction
   * must never lag) and the receipt is returned. 0.4: a notification (it can only narrow).
   */
  async updateGrant(
    grant: FeatureSetsUpdateParams,
    options: RequestOptions = {},
  ): Promise<FeatureSetsUpdateResult | undefined> {
    const hello = this.#requireMcpl();
    if (hello.dialect === '0.4') {
      this.#grant = grantFromUpdate(this.#grant ?? legacyGrantState({}, {}), grant, 'notification', {
        dialect: '0.4',
      }).state;
      this.connection.notify(method.FEATURE_SETS_UPDATE, grant);
      return undefined;
    }
    this.#grant = grantFromUpdate(this.#grant ?? legacyGrantState({}, {}), grant, 'request').state;
    return this.connection.request<FeatureSetsUpdateResult>(method.FEATURE_SETS_UPDATE, grant, options);
  }

  /** The grant this host holds the server to, after `initialize()`. */
  get grant(): CapabilityGrantState | undefined {
    return this.#grant;
  }

  /** `tools/list`, following cursors. */
  async listTools(options: RequestOptions = {}): Promise<Tool[]> {
    this.#requireHello();
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.connection.request<{ tools?: Tool[]; nextCursor?: string }>(
        'tools/list',
        cursor === undefined ? {} : { cursor },
        options,
      );
      if (!Array.isArray(page?.tools))
        throw new McplHostError('ERR_INVALID_RESULT', 'tools/list answered without a tools array');
      tools.push(...page.tools);
      cursor = typeof page.nextCursor === 'string' && page.nextCursor !== '' ? page.nextCursor : undefined;
    } while (cursor !== undefined);
    this.toolPresence.reset(tools);
    return tools;
  }

  /** `tools/call`; a tool's own failure is `isError: true` in the result, a refusal an `RpcError`. */
  callTool(
    name: string,
    args: Record<string, unknown> = {},
    options: RequestOptions & { instance?: string | undefined } = {},
  ): Promise<CallToolResult> {
    this.#requireHello();
    const { instance, ...requestOptions } = options;
    const params = {
      name,
      arguments: args,
      // Which open instance a dynamic tool acts on (RFC-014 draft).
      ...(instance === undefined ? {} : { _meta: { [TOOL_PRESENCE_META_KEY]: { instance } } }),
    };
    return this.connection.request<CallToolResult>('tools/call', params, requestOptions).then((result) => {
      this.#hints((result?.['_meta'] as Record<string, unknown> | undefined)?.[TOOLSET_HINTS_META_KEY]);
      return result;
    });
  }

  /** `toolsets/list` (RFC-014 draft): toolsets, open instances, ended ones (once), the revision. */
  async listToolsets(options: RequestOptions = {}): Promise<ToolsetsListResult> {
    this.#requireMcpl();
    const result = await this.connection.request<ToolsetsListResult>(method.TOOLSETS_LIST, {}, options);
    if (!Array.isArray(result?.toolsets) || !Array.isArray(result.open) || !Array.isArray(result.ended)) {
      throw new McplHostError(
        'ERR_INVALID_RESULT',
        'toolsets/list answered without toolsets, open and ended',
      );
    }
    this.toolPresence.syncRevision(result.rev);
    return result;
  }

  /** `toolsets/open`: a new instance (or the toolset, without instances); its hints applied. */
  async openToolset(
    toolset: string,
    toolsetOptions?: Record<string, unknown>,
    options: RequestOptions = {},
  ): Promise<ToolsetsOpenResult> {
    this.#requireMcpl();
    const params = toolsetOptions === undefined ? { toolset } : { toolset, options: toolsetOptions };
    const result = await this.connection.request<ToolsetsOpenResult>(method.TOOLSETS_OPEN, params, options);
    if (typeof result?.instance !== 'object' || result.instance === null) {
      throw new McplHostError('ERR_INVALID_RESULT', 'toolsets/open answered without an instance');
    }
    this.#hints(result.hints);
    return result;
  }

  /** `toolsets/close`: `{ closed: false }` when it was not open; its hints applied. */
  async closeToolset(
    toolset: string,
    instance?: string,
    options: RequestOptions = {},
  ): Promise<ToolsetsCloseResult> {
    this.#requireMcpl();
    const params = instance === undefined ? { toolset } : { toolset, instance };
    const result = await this.connection.request<ToolsetsCloseResult>(method.TOOLSETS_CLOSE, params, options);
    if (typeof result?.closed !== 'boolean') {
      throw new McplHostError('ERR_INVALID_RESULT', 'toolsets/close answered without closed');
    }
    this.#hints(result.hints);
    return result;
  }

  /**
   * `context/beforeInference` (§10) to this server, when the grant holds any of its leaves
   * (else `McplHostError` `ERR_NOT_GRANTED`, nothing sent). `userMessage` goes as null
   * without `…observe` (inject-only servers are still asked). The answer is authorised at
   * receipt: injections at a position the grant lacks are dropped (reported as `error`),
   * and the answer's `featureSet` must be declared and enabled (else nothing is kept).
   */
  async beforeInference(
    params: BeforeInferenceParams,
    options: RequestOptions = {},
  ): Promise<BeforeInferenceResult> {
    this.#requireMcpl();
    const grant = this.#grant as CapabilityGrantState;
    const granted = (path: string) => capabilityGranted(grant.effectiveCapabilities, path);
    if (!BEFORE_INFERENCE_CAPABILITIES.some(granted)) {
      throw new McplHostError('ERR_NOT_GRANTED', 'The grant holds no contextHooks.beforeInference leaf');
    }
    const sent = granted('contextHooks.beforeInference.observe') ? params : { ...params, userMessage: null };
    const result = await this.connection.request<BeforeInferenceResult>(
      method.CONTEXT_BEFORE_INFERENCE,
      sent,
      options,
    );
    if (typeof result?.featureSet !== 'string' || !Array.isArray(result.contextInjections)) {
      throw new McplHostError(
        'ERR_INVALID_RESULT',
        'context/beforeInference answered without featureSet and contextInjections',
      );
    }
    if (this.#gate(BEFORE_INFERENCE_CAPABILITIES.find(granted) as string, result.featureSet) !== undefined) {
      this.#report(
        new Error(`context/beforeInference: feature set ${result.featureSet} is not enabled; nothing kept`),
      );
      return { featureSet: result.featureSet, contextInjections: [] };
    }
    const kept = result.contextInjections.filter((injection) =>
      granted(`contextHooks.beforeInference.inject.${String(injection?.position)}`),
    );
    if (kept.length < result.contextInjections.length) {
      this.#report(new Error('context/beforeInference: injections at ungranted positions dropped'));
    }
    return { featureSet: result.featureSet, contextInjections: kept };
  }

  /** `state/rollback` (§8): the server returns to `checkpoint`; -32005 when it is gone. */
  rollback(params: StateRollbackParams, options: RequestOptions = {}): Promise<StateRollbackResult> {
    this.#requireMcpl();
    return this.connection.request<StateRollbackResult>(method.STATE_ROLLBACK, params, options);
  }

  /** Any other host→server request (`channels/open`, `mcpl/manifest`, ...). */
  request<T = unknown>(name: string, params?: unknown, options: RequestOptions = {}): Promise<T> {
    return this.connection.request<T>(name, params, options);
  }

  notify(name: string, params?: unknown): void {
    this.connection.notify(name, params);
  }

  /** Closes the connection; requests still pending reject with `ConnectionClosedError`. */
  close(): void {
    this.connection.close();
  }

  #defaultGrant(
    hostMcpl: McplCapabilities,
    serverCapabilities: Record<string, unknown>,
  ): FeatureSetsUpdateParams {
    const host = advertisedCapabilities(hostMcpl);
    const server = advertisedCapabilitiesFromInitialize(serverCapabilities);
    const effective = [...server].filter((path) => path === 'tools' || host.has(path));
    return { effectiveCapabilities: effective, enabled: [...this.#declaredSets] };
  }

  #requireHello(): ServerHello {
    if (this.#hello === undefined) throw new McplHostError('ERR_NOT_INITIALIZED', 'Call initialize() first');
    return this.#hello;
  }

  #requireMcpl(): ServerHello {
    const hello = this.#requireHello();
    if (hello.mcpl === undefined) {
      throw new McplHostError('ERR_NOT_MCPL', 'The server did not negotiate MCPL (no experimental.mcpl)');
    }
    return hello;
  }

  /** Applies a hint change from the server (ignoring anything that is not one) and emits it. */
  #hints(value: unknown): void {
    if (value === undefined) return;
    if (!isHintChange(value)) {
      this.#report(new Error('A toolset hint change without rev and tools was ignored'));
      return;
    }
    const outcome = this.toolPresence.apply(value);
    if (outcome === 'gap') {
      this.#report(
        new McplHostError('ERR_HINTS_GAP', 'Toolset hint revisions were skipped: call listTools() to resync'),
      );
    }
  }

  #report(error: Error): void {
    if (this.listenerCount('error') > 0) this.emit('error', error);
  }

  /** Refuses unless the grant covers `capability` (0.5) and the feature set is declared and enabled. */
  #gate(capability: string, featureSet: unknown): RpcError | undefined {
    if (this.#hello?.mcpl === undefined || this.#grant === undefined) {
      return new RpcError(ERR_CAPABILITY_DENIED, `${capability} was not negotiated`, { capability });
    }
    if (!capabilityGranted(this.#grant.effectiveCapabilities, capability)) {
      return new RpcError(ERR_CAPABILITY_DENIED, `The host has not granted ${capability}`, { capability });
    }
    if (featureSet === undefined) return undefined;
    if (typeof featureSet !== 'string' || !this.#declaredSets.includes(featureSet)) {
      return new RpcError(ERR_UNKNOWN_FEATURE_SET, `Unknown feature set ${JSON.stringify(featureSet)}`, {
        featureSet,
      });
    }
    const { enabledFeatureSets, disabledFeatureSets } = this.#grant;
    const off =
      disabledFeatureSets.some((entry) => featureSetNameMatches(entry, featureSet)) ||
      (enabledFeatureSets !== null &&
        !enabledFeatureSets.some((entry) => featureSetNameMatches(entry, featureSet)));
    return off
      ? new RpcError(ERR_FEATURE_SET_NOT_ENABLED, `Feature set ${featureSet} is not enabled`, { featureSet })
      : undefined;
  }

  async #onRequest(message: JsonRpcRequest): Promise<void> {
    try {
      const result = await this.#answer(message);
      this.connection.respond(message.id, result);
    } catch (thrown) {
      const error =
        thrown instanceof RpcError
          ? thrown
          : new RpcError(ERR_INTERNAL_ERROR, 'The host failed to handle the request');
      if (!(thrown instanceof RpcError))
        this.#report(thrown instanceof Error ? thrown : new Error(String(thrown)));
      try {
        this.connection.respondError(message.id, error.code, error.message, error.data);
      } catch (sendError) {
        // Closed meanwhile (nobody to answer), or an error a handler built wrongly: log, never throw.
        if (sendError instanceof ConnectionClosedError) return;
        this.#report(sendError as Error);
        this.connection.respondError(message.id, ERR_INTERNAL_ERROR, 'The host failed to handle the request');
      }
    }
  }

  async #answer(message: JsonRpcRequest): Promise<unknown> {
    const params = (message.params ?? {}) as Record<string, unknown>;
    switch (message.method) {
      case method.PUSH_EVENT:
        return this.#onPush(params);
      case method.CHANNELS_INCOMING:
        return this.#onIncoming(params);
      case method.CHANNELS_REGISTER:
      case method.CHANNELS_CHANGED:
        return this.#onChannels(message.method, params);
    }
    const handler = this.#handlers.get(message.method);
    if (handler === undefined) {
      throw new RpcError(ERR_METHOD_NOT_FOUND, `Method not found: ${message.method}`);
    }
    const gated = this.#gateServerRequest(message.method, params);
    if (gated) throw gated;
    return handler(params as never, { method: message.method, requestId: message.id } as never);
  }

  /** §11/§12: `inference/request` needs `inferenceRequest` (`.streaming` to stream) and its set; `model/info` needs `modelInfo`. */
  #gateServerRequest(name: string, params: Record<string, unknown>): RpcError | undefined {
    if (name === method.INFERENCE_REQUEST) {
      if (typeof params['featureSet'] !== 'string') {
        return new RpcError(
          ERR_INVALID_PARAMS,
          'inference/request needs the featureSet it belongs to (§6.5)',
        );
      }
      const path = params['stream'] === true ? 'inferenceRequest.streaming' : 'inferenceRequest';
      return this.#gate(path, params['featureSet']);
    }
    if (name === method.MODEL_INFO) return this.#gate('modelInfo', undefined);
    return undefined;
  }

  async #onPush(params: Record<string, unknown>): Promise<PushEventResult> {
    const payload = params['payload'] as Record<string, unknown> | undefined;
    if (
      typeof params['featureSet'] !== 'string' ||
      typeof params['eventId'] !== 'string' ||
      typeof params['timestamp'] !== 'string' ||
      typeof payload !== 'object' ||
      payload === null ||
      !Array.isArray(payload['content'])
    ) {
      throw new RpcError(
        ERR_INVALID_PARAMS,
        'push/event needs featureSet, eventId and timestamp strings and payload.content (an array)',
      );
    }
    const refused = this.#gate('pushEvents', params['featureSet']);
    if (refused) throw refused;
    const event = params as unknown as PushEventParams;
    this.#hints((params['_meta'] as Record<string, unknown> | undefined)?.[TOOLSET_HINTS_META_KEY]);
    // A repeat is acknowledged again without reaching the host twice (eventId is the idempotency key).
    if (!this.#seen.add(`${event.featureSet}\u0000${event.eventId}`)) return { accepted: true };
    this.emit('pushEvent', event);
    return this.#options.onPushEvent ? this.#options.onPushEvent(event) : { accepted: true };
  }

  #onIncoming(params: Record<string, unknown>): ChannelsIncomingResult {
    const refused = this.#gate('channels.incoming', undefined);
    if (refused) throw refused;
    const messages = params['messages'];
    if (!Array.isArray(messages))
      throw new RpcError(ERR_INVALID_PARAMS, 'channels/incoming needs a messages array');
    // Validated at receipt against the registered channels too (§14): others are not accepted.
    const known = messages.filter(
      (entry) =>
        typeof entry === 'object' &&
        entry !== null &&
        this.#channels.has((entry as { channelId?: string }).channelId ?? ''),
    );
    if (known.length > 0) this.emit('channelMessages', { messages: known } as ChannelsIncomingParams);
    return {
      results: messages.map((entry) => ({
        messageId: String((entry as { messageId?: unknown })?.messageId),
        accepted: known.includes(entry),
      })),
    };
  }

  #onChannels(name: string, params: Record<string, unknown>): ChannelsItemizedResult {
    const refused = this.#gate('channels.register', undefined);
    if (refused) throw refused;
    const descriptors = (name === method.CHANNELS_REGISTER ? params['channels'] : params['added']) ?? [];
    if (!Array.isArray(descriptors))
      throw new RpcError(ERR_INVALID_PARAMS, `${name} needs an array of channels`);
    this.#forget(params['removed']);
    const results = descriptors.map((entry) => {
      const id = (entry as { id?: unknown } | null)?.id;
      if (typeof id !== 'string' || id === '')
        return { id: String(id), accepted: false, reason: 'a channel needs an id' };
      if (!this.#channels.has(id) && this.#channels.size >= MAX_CHANNELS) {
        return { id, accepted: false, reason: `more than ${MAX_CHANNELS} channels` };
      }
      this.#channels.add(id);
      return { id, accepted: true };
    });
    if (name === method.CHANNELS_REGISTER)
      this.emit('channelsRegistered', params as unknown as ChannelsRegisterParams);
    else this.emit('channelsChanged', params as unknown as ChannelsChangedParams);
    return { results };
  }

  #forget(removed: unknown): void {
    if (!Array.isArray(removed)) return;
    for (const id of removed) if (typeof id === 'string') this.#channels.delete(id);
  }

  #onNotification(message: JsonRpcNotification): void {
    const params = (message.params ?? {}) as Record<string, unknown>;
    if (message.method === method.MANIFEST_CHANGED) {
      this.emit('manifestChanged', params as unknown as ManifestChangedParams);
    } else if (message.method === method.TOOLSETS_CHANGED) {
      if (this.#hello?.mcpl !== undefined) this.#hints(params);
      this.emit('notification', message);
    } else if (message.method === method.CHANNELS_CHANGED) {
      if (this.#gate('channels.register', undefined) === undefined) {
        this.#forget(params['removed']);
        const added = Array.isArray(params['added']) ? params['added'] : [];
        for (const entry of added) {
          const id = (entry as { id?: unknown } | null)?.id;
          if (typeof id === 'string' && id !== '' && this.#channels.size < MAX_CHANNELS)
            this.#channels.add(id);
        }
        this.emit('channelsChanged', params as unknown as ChannelsChangedParams);
      }
    } else {
      this.emit('notification', message);
    }
  }
}
