import { AsyncLocalStorage } from 'node:async_hooks';
import { createSessionState, type McpServer, type Session } from '@mcpforge/server';
import {
  type Connection,
  ConnectionClosedError,
  fromStreams,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type RequestOptions,
  RpcError,
} from '@mcpforge/wire';
import {
  type CapabilityGrantState,
  checkGrant,
  deriveFeatureSets,
  emptyGrantState,
  extractMcpl,
  featureSetSelected,
  grantFromUpdate,
  legacyGrantState,
  type McplCapabilities,
  type McplDialect,
  mcplDialect,
} from '../capabilities/index.js';
import type { ManifestTracker } from '../manifest/index.js';
import {
  type ChannelDescriptor,
  type ChannelMessage,
  type ChannelsCloseParams,
  type ChannelsCloseResult,
  type ChannelsIncomingResult,
  type ChannelsItemizedResult,
  type ChannelsOpenParams,
  type ChannelsOpenResult,
  type ChannelsPublishParams,
  type ChannelsPublishResult,
  type ContentBlock,
  ERR_CAPABILITY_DENIED,
  ERR_FEATURE_SET_NOT_ENABLED,
  ERR_INVALID_PARAMS,
  ERR_METHOD_NOT_FOUND,
  type FeatureSetsUpdateResult,
  method,
  type PushEventParams,
  type PushEventResult,
  toContentBlocks,
} from '../protocol/index.js';
import { type Refusal, refusal } from './grant-gate.js';
import { answerBeforeInference, answerRollback, type McplHooks } from './hooks.js';
import { HostRequests } from './host-requests.js';
import { buildManifest, manifestForDialect, toolsFeatureSet } from './manifest.js';
import { McplServeError } from './serve-error.js';

/** Handlers of the host→server channel requests; a missing one answers -32601. */
export interface ChannelHandlers {
  list?: (() => ChannelDescriptor[]) | undefined;
  publish?:
    | ((params: ChannelsPublishParams) => ChannelsPublishResult | Promise<ChannelsPublishResult>)
    | undefined;
  open?: ((params: ChannelsOpenParams) => ChannelsOpenResult | Promise<ChannelsOpenResult>) | undefined;
  close?: ((params: ChannelsCloseParams) => ChannelsCloseResult | Promise<ChannelsCloseResult>) | undefined;
}

export interface McplServeOptions {
  /**
   * What the server advertises under `experimental.mcpl` (its manifest): capabilities and
   * feature sets, in either dialect. `<name>.tools` (uses `tools`) is added when the server has
   * tools and does not declare it; the version and revision are set here.
   */
  mcpl?: (Omit<McplCapabilities, 'version'> & { version?: string | undefined }) | undefined;
  /**
   * Instead of `mcpl`: a tracker holding the manifest (declare `<name>.tools` in it yourself).
   * Each 0.5 host is attached with the revision its `initialize` carried, so `setManifest()`
   * announces `mcpl/manifestChanged` to it; `mcpl/manifest` serves the current snapshot.
   */
  tracker?: ManifestTracker | undefined;
  /** The `<name>` of `<name>.tools`. Default: the server's name. */
  featureSetName?: string | undefined;
  channels?: ChannelHandlers | undefined;
  /** `context/beforeInference`, `state/rollback` and the host's inference and branch notifications. */
  hooks?: McplHooks | undefined;
  /** Malformed input and failures of this connection, for the log. */
  onError?: ((error: Error) => void) | undefined;
}

/** A push event to send; `eventId` and `timestamp` are filled in when absent. */
export interface PushEventInput {
  featureSet: string;
  /** The payload's content: blocks, or a string for one text block. */
  content: string | ContentBlock[];
  eventId?: string | undefined;
  timestamp?: string | undefined;
  origin?: Record<string, unknown> | undefined;
  tags?: string[] | undefined;
}

/** MCPL methods a host sends that this session answers itself once MCPL is negotiated. */
const CHANNEL_REQUESTS: Readonly<Record<string, { handler: keyof ChannelHandlers; capability: string }>> = {
  [method.CHANNELS_LIST]: { handler: 'list', capability: 'channels.register' },
  [method.CHANNELS_PUBLISH]: { handler: 'publish', capability: 'channels.publish' },
  [method.CHANNELS_OPEN]: { handler: 'open', capability: 'channels.lifecycle' },
  [method.CHANNELS_CLOSE]: { handler: 'close', capability: 'channels.lifecycle' },
};

let eventCounter = 0;

/**
 * One MCP connection served by a toolkit server (`createServer`) with MCPL on top: a host that
 * sends `experimental.mcpl` in `initialize` gets the manifest back and may grant; this session
 * then enforces the grant on tools (-32002 without `tools`, -32001 with `<name>.tools`
 * disabled), answers `featureSets/update`, `mcpl/manifest` and the channel requests, and lets
 * the server push events and channel messages. A host that did not negotiate MCPL talks to
 * the plain MCP server: no MCPL member, method or message, and MCPL sends throw here.
 */
export class McplSession {
  readonly connection: Connection;
  readonly session: Session;
  readonly closed: Promise<void>;
  readonly #server: McpServer;
  readonly #options: McplServeOptions;
  readonly #fixedManifest: Record<string, unknown> | undefined;
  readonly #toolsSet: string;
  #dialect: McplDialect | undefined;
  #grant: CapabilityGrantState = emptyGrantState();
  #channels = new Set<string>();
  /**
   * Requests this server sends the host beyond push events and channels (`inference/request`,
   * `model/info`, `state/update|get`, `branches/*`), each refused here, unsent, when the host did
   * not negotiate MCPL or its grant does not cover it.
   */
  readonly host: HostRequests;
  /** Set while a `context/beforeInference` hook runs: §10 forbids it to trigger `inference/request`. */
  readonly #inHook = new AsyncLocalStorage<true>();

  constructor(server: McpServer, connection: Connection, options: McplServeOptions) {
    this.#server = server;
    this.connection = connection;
    this.#options = options;
    const name = options.featureSetName ?? server.name;
    this.#toolsSet = toolsFeatureSet(name);
    const hasTools = server.capabilities('legacy').tools !== undefined;
    if (options.tracker === undefined && options.mcpl === undefined) {
      throw new TypeError(
        'serveMcpl needs the manifest: pass mcpl (an advertisement) or tracker (a ManifestTracker)',
      );
    }
    this.#fixedManifest =
      options.tracker === undefined
        ? buildManifest({ ...options.mcpl, version: '0.5' }, name, hasTools)
        : undefined;
    this.session = {
      id: undefined,
      state: createSessionState(),
      notify: (message) => this.#quietly(() => connection.notify(message.method, message.params)),
      request: (name, params, requestOptions) =>
        connection.request(name, params, requestOptions.signal ? { signal: requestOptions.signal } : {}),
    };
    this.closed = new Promise((resolve) => {
      connection.once('close', () => {
        server.closeSession(this.session);
        resolve();
      });
    });
    this.host = new HostRequests(connection, (capability, featureSet) => {
      if (capability?.startsWith('inferenceRequest') && this.#inHook.getStore() === true) {
        throw new McplServeError(
          'ERR_MCPL_INVALID',
          'A context/beforeInference hook must not trigger inference/request (§10): answer from what you have',
          { capability },
        );
      }
      this.#check(capability, featureSet);
    });
    connection.on('request', (message) => void this.#onRequest(message));
    connection.on('notification', (message) => this.#onNotification(message));
    connection.on('error', (error) => options.onError?.(error));
  }

  /** The host's MCPL dialect, once it negotiated MCPL; undefined for a plain MCP host. */
  get dialect(): McplDialect | undefined {
    return this.#dialect;
  }

  get mcplActive(): boolean {
    return this.#dialect !== undefined;
  }

  /** The host's current grant (empty and not ready until a 0.5 host sends its request). */
  get grant(): CapabilityGrantState {
    return this.#grant;
  }

  /** The 0.5 manifest this session advertises now (with its revision). */
  get manifest(): Record<string, unknown> {
    return (
      this.#options.tracker?.snapshot() ?? structuredClone(this.#fixedManifest as Record<string, unknown>)
    );
  }

  /**
   * `push/event` to the host (§9). Throws `McplServeError` without sending when the host did
   * not negotiate MCPL, the manifest does not advertise `pushEvents`, or the grant does not
   * cover `pushEvents` for `featureSet`; resolves with the host's answer.
   */
  pushEvent(input: PushEventInput, options: RequestOptions = {}): Promise<PushEventResult> {
    this.#check('pushEvents', input.featureSet);
    const params: PushEventParams = {
      featureSet: input.featureSet,
      eventId: input.eventId ?? `evt-${process.pid}-${Date.now()}-${++eventCounter}`,
      timestamp: input.timestamp ?? new Date().toISOString(),
      payload: { content: toContentBlocks(input.content) },
      ...(input.origin === undefined ? {} : { origin: input.origin }),
      ...(input.tags === undefined ? {} : { tags: input.tags }),
    };
    return this.connection.request<PushEventResult>(method.PUSH_EVENT, params, options);
  }

  /** `channels/register` (needs `channels.register`); registered ids may then carry messages. */
  async registerChannels(
    channels: ChannelDescriptor[],
    options: RequestOptions = {},
  ): Promise<ChannelsItemizedResult> {
    this.#check('channels.register');
    const result = await this.connection.request<ChannelsItemizedResult>(
      method.CHANNELS_REGISTER,
      { channels },
      options,
    );
    for (const item of result?.results ?? []) if (item.accepted) this.#channels.add(item.id);
    return result;
  }

  /** `channels/incoming` (needs `channels.incoming`): messages on channels the host accepted. */
  incoming(messages: ChannelMessage[], options: RequestOptions = {}): Promise<ChannelsIncomingResult> {
    this.#check('channels.incoming');
    const unknown = messages.find((message) => !this.#channels.has(message.channelId));
    if (unknown !== undefined) {
      throw new McplServeError(
        'ERR_MCPL_INVALID',
        `Channel ${unknown.channelId} is not registered with this host`,
      );
    }
    return this.connection.request<ChannelsIncomingResult>(method.CHANNELS_INCOMING, { messages }, options);
  }

  /** Closes the connection; the server forgets the session. */
  close(): void {
    this.#server.closeSession(this.session);
    this.connection.close();
  }

  /** Throws unless MCPL is negotiated and the grant covers `capability` (when named) for `featureSet`. */
  #check(capability: string | undefined, featureSet?: string): void {
    if (this.#dialect === undefined) {
      throw new McplServeError(
        'ERR_MCPL_NOT_NEGOTIATED',
        `The host did not negotiate MCPL; ${capability ?? 'MCPL'} is not available`,
        { capability },
      );
    }
    const refused =
      capability === undefined
        ? this.#featureSetRefusal(featureSet)
        : refusal(this.#grant, capability, featureSet);
    if (refused !== undefined) {
      throw new McplServeError('ERR_MCPL_NOT_GRANTED', refused.message, {
        capability: 'capability' in refused.data ? refused.data.capability : undefined,
        featureSet: 'featureSet' in refused.data ? refused.data.featureSet : undefined,
      });
    }
  }

  /** For methods no capability gates (the non-spec `state/*`, `branches/*`): ready and the set enabled. */
  #featureSetRefusal(featureSet: string | undefined): Refusal | undefined {
    if (!this.#grant.ready) {
      return {
        code: ERR_CAPABILITY_DENIED,
        message: 'No grant yet: the host has not sent featureSets/update',
        data: { capability: 'featureSets/update' },
      };
    }
    if (typeof featureSet !== 'string') {
      throw new McplServeError('ERR_MCPL_INVALID', 'This request needs the featureSet it belongs to');
    }
    if (featureSetSelected(this.#grant, featureSet)) return undefined;
    return {
      code: ERR_FEATURE_SET_NOT_ENABLED,
      message: `Feature set ${featureSet} is not enabled`,
      data: { featureSet },
    };
  }

  async #onRequest(message: JsonRpcRequest): Promise<void> {
    let response: JsonRpcResponse | undefined;
    try {
      response = await this.#answer(message);
    } catch (error) {
      if (error instanceof RpcError) {
        response = {
          jsonrpc: '2.0',
          id: message.id,
          error: {
            code: error.code,
            message: error.message,
            ...(error.data === undefined ? {} : { data: error.data }),
          },
        };
      } else {
        this.#options.onError?.(error instanceof Error ? error : new Error(String(error)));
        response = { jsonrpc: '2.0', id: message.id, error: { code: -32603, message: 'Internal error' } };
      }
    }
    if (response === undefined) return;
    try {
      this.#send(response);
    } catch (error) {
      if (error instanceof ConnectionClosedError) return;
      // A result JSON cannot carry (a BigInt, a cycle): the host still gets an answer.
      this.#options.onError?.(error instanceof Error ? error : new Error(String(error)));
      this.#quietly(() => this.connection.respondError(message.id, -32603, 'Internal error'));
    }
  }

  #send(response: JsonRpcResponse): void {
    if ('error' in response) {
      const { code, message: text, data } = response.error;
      this.connection.respondError(response.id, code, text, data);
    } else {
      this.connection.respond(response.id, response.result);
    }
  }

  async #answer(message: JsonRpcRequest): Promise<JsonRpcResponse | undefined> {
    if (message.method === 'initialize') return this.#initialize(message);
    if (this.#dialect !== undefined) {
      const own = await this.#mcplRequest(message);
      if (own !== undefined) return own;
    }
    return this.#server.handle(message, this.session);
  }

  async #initialize(message: JsonRpcRequest): Promise<JsonRpcResponse | undefined> {
    const response = await this.#server.handle(message, this.session);
    if (response === undefined || 'error' in response) return response;
    const hostCapabilities = (message.params as { capabilities?: unknown } | undefined)?.capabilities;
    const hostMcpl = extractMcpl(hostCapabilities);
    if (hostMcpl === undefined) {
      this.#dialect = undefined;
      return response;
    }
    const dialect = mcplDialect(hostMcpl['version']) ?? '0.5';
    this.#dialect = dialect;
    const result = response.result as { capabilities?: Record<string, unknown> };
    const capabilities = { ...(result.capabilities ?? {}) };
    const experimental = (capabilities['experimental'] ?? {}) as Record<string, unknown>;
    const manifest = this.manifest;
    capabilities['experimental'] = { ...experimental, mcpl: manifestForDialect(manifest, dialect) };
    const tracker = this.#options.tracker;
    if (tracker !== undefined && dialect === '0.5') {
      // Told of later changes, starting from the revision this answer carries (0.4 has no such notification).
      const detach = tracker.attach(this.connection, { announcedRevision: manifest['revision'] as string });
      this.connection.once('close', detach);
    }
    // 0.4 hosts never send a grant request: what both sides advertised holds at once (§5.3 is 0.5).
    this.#grant = dialect === '0.4' ? legacyGrantState(hostCapabilities, capabilities) : emptyGrantState();
    return { ...response, result: { ...result, capabilities } };
  }

  /** The MCPL methods and gates of a negotiated session; undefined: the MCP server answers. */
  async #mcplRequest(message: JsonRpcRequest): Promise<JsonRpcResponse | undefined> {
    const id = message.id;
    const fail = (error: Refusal | { code: number; message: string }): JsonRpcResponse => ({
      jsonrpc: '2.0',
      id,
      error: 'data' in error ? { code: error.code, message: error.message, data: error.data } : error,
    });
    switch (message.method) {
      case 'tools/call': {
        const refused = refusal(this.#grant, 'tools', this.#toolsSet);
        return refused === undefined ? undefined : fail(refused);
      }
      case 'tools/list': {
        // A host that has not granted tools sees none (a denied capability is as if never advertised).
        if (refusal(this.#grant, 'tools', this.#toolsSet) === undefined) return undefined;
        return { jsonrpc: '2.0', id, result: { tools: [] } };
      }
      case method.FEATURE_SETS_UPDATE:
        return this.#grantRequest(message);
      case method.MANIFEST:
        return { jsonrpc: '2.0', id, result: manifestForDialect(this.manifest, this.#dialect ?? '0.5') };
      case method.CONTEXT_BEFORE_INFERENCE: {
        const hook = this.#options.hooks?.beforeInference;
        if (hook === undefined) return undefined;
        const refused = checkGrant(this.#grant, { method: message.method });
        if (refused !== undefined) return fail(refused);
        const result = await this.#inHook.run(true, () =>
          answerBeforeInference(this.#grant, hook, message.params),
        );
        return { jsonrpc: '2.0', id, result };
      }
      case method.STATE_ROLLBACK: {
        const hook = this.#options.hooks?.rollback;
        if (hook === undefined) return undefined;
        return { jsonrpc: '2.0', id, result: await answerRollback(this.#grant, hook, message.params) };
      }
    }
    // Own keys only: a method named `__proto__` or `toString` is no channel request.
    const channel = Object.hasOwn(CHANNEL_REQUESTS, message.method)
      ? CHANNEL_REQUESTS[message.method]
      : undefined;
    if (channel === undefined) return undefined;
    const refused = refusal(this.#grant, channel.capability);
    if (refused !== undefined) return fail(refused);
    const handler = this.#options.channels?.[channel.handler] as ((params: unknown) => unknown) | undefined;
    if (channel.handler === 'list' && handler === undefined) {
      return { jsonrpc: '2.0', id, result: { channels: [] } };
    }
    if (handler === undefined)
      return fail({ code: ERR_METHOD_NOT_FOUND, message: `Method not found: ${message.method}` });
    const result = await handler(channel.handler === 'list' ? undefined : (message.params ?? {}));
    return { jsonrpc: '2.0', id, result: channel.handler === 'list' ? { channels: result } : result };
  }

  #grantRequest(message: JsonRpcRequest): JsonRpcResponse {
    const update = grantFromUpdate(this.#grant, message.params, 'request');
    this.#grant = update.state;
    if (update.malformed !== undefined) {
      return {
        jsonrpc: '2.0',
        id: message.id,
        error: { code: ERR_INVALID_PARAMS, message: `featureSets/update: ${update.malformed}` },
      };
    }
    const derived = deriveFeatureSets(this.manifest['featureSets'], update.state.effectiveCapabilities);
    const unavailable = Object.entries(derived.disabled).map(([featureSet, why]) => ({
      featureSet,
      missingCapabilities: why.missingCapabilities,
      effect: why.reason === 'invalid_uses' ? 'declaration invalid' : 'unavailable until granted',
    }));
    const receipt: FeatureSetsUpdateResult =
      unavailable.length === 0
        ? { accepted: true }
        : { accepted: true, mode: 'degraded', unavailableFeatures: unavailable };
    return { jsonrpc: '2.0', id: message.id, result: receipt };
  }

  #onNotification(message: JsonRpcNotification): void {
    if (this.#dialect !== undefined && message.method === method.FEATURE_SETS_UPDATE) {
      this.#grant = grantFromUpdate(this.#grant, message.params, 'notification', {
        dialect: this.#dialect,
      }).state;
      return;
    }
    if (this.#dialect !== undefined && this.#hookNotification(message)) return;
    void this.#server.dispatch(message, this.session);
  }

  /** The host's inference and branch notifications: true when one was handled here. */
  #hookNotification(message: JsonRpcNotification): boolean {
    const hooks = this.#options.hooks;
    const params = (message.params ?? {}) as never;
    switch (message.method) {
      case method.INFERENCE_LIFECYCLE:
        // Not granted: as if never advertised (§5.4), so not delivered.
        if (refusal(this.#grant, 'inferenceLifecycle') === undefined) hooks?.inferenceLifecycle?.(params);
        return true;
      case method.INFERENCE_CHUNK:
        hooks?.inferenceChunk?.(params);
        return true;
      case method.BRANCHES_CHANGED:
        hooks?.branchesChanged?.(params);
        return true;
      default:
        return false;
    }
  }

  #quietly(send: () => void): void {
    try {
      send();
    } catch (error) {
      if (!(error instanceof ConnectionClosedError)) throw error;
    }
  }
}

/** Serves `server` with MCPL on one wire connection (stdio, a child's pipes, a socket). */
export function serveMcpl(server: McpServer, connection: Connection, options: McplServeOptions): McplSession {
  return new McplSession(server, connection, options);
}

/** {@link serveMcpl} on this process's stdin/stdout (or the given streams). */
export function serveMcplStdio(
  server: McpServer,
  options: McplServeOptions & {
    input?: NodeJS.ReadableStream | undefined;
    output?: NodeJS.WritableStream | undefined;
  },
): McplSession {
  const input = (options.input ?? process.stdin) as Parameters<typeof fromStreams>[0];
  const output = (options.output ?? process.stdout) as Parameters<typeof fromStreams>[1];
  return serveMcpl(server, fromStreams(input, output, { queueIncoming: false }), options);
}
