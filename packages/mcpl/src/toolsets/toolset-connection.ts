import { type Connection, ConnectionClosedError, type JsonRpcRequest, RpcError } from '@mcpforge/wire';
import {
  type CapabilityGrantState,
  emptyGrantState,
  extractMcpl,
  grantFromUpdate,
  legacyGrantState,
  type McplDialect,
  mcplDialect,
} from '../capabilities/index.js';
import {
  type AccessTokenResult,
  type ContentBlock,
  type EndedToolsetInstance,
  ERR_INTERNAL_ERROR,
  ERR_INVALID_PARAMS,
  ERR_METHOD_NOT_FOUND,
  method,
  TOOL_PRESENCE_META_KEY,
  TOOLSET_HINTS_META_KEY,
  TOOLSET_TOOL_NAMES,
  type ToolsetHintChange,
  type ToolsetsListResult,
} from '../protocol/index.js';
import { refusal } from '../server/grant-gate.js';
import { manifestForDialect } from '../server/manifest.js';
import type { ServedConnection, ToolsetCore } from './core.js';
import { HintTracker } from './hints.js';
import { instanceKey, type OpenInstance, type Principal } from './principal.js';
import { ToolsetError } from './toolset-error.js';
import type { ToolCallResult } from './types.js';

type Params = Record<string, unknown>;

let eventCounter = 0;

function invalid(message: string, data?: unknown): RpcError {
  return new RpcError(ERR_INVALID_PARAMS, message, data);
}

function text(value: string): ToolCallResult {
  return { content: [{ type: 'text', text: value }] };
}

/**
 * One connection served by a {@link ToolsetCore} for one principal: MCP `initialize`,
 * `tools/list` (the full list, each tool's presence in `_meta`), `tools/call` (static tools,
 * dynamic tools on their instance, `toolset_open`/`toolset_close`/`toolset_use`), and for MCPL
 * hosts the grant, `mcpl/manifest` and `toolsets/list|open|close`. Hint changes carry this
 * connection's consecutive revisions.
 */
export class ToolsetConnection implements ServedConnection {
  readonly connection: Connection;
  readonly principalName: string;
  readonly closed: Promise<void>;
  readonly #core: ToolsetCore;
  readonly #manifest: Record<string, unknown>;
  readonly #toolsSet: string;
  readonly #eventsSet: string;
  readonly #ready: Promise<Principal>;
  #principal: Principal | undefined;
  #dialect: McplDialect | undefined;
  #grant: CapabilityGrantState = emptyGrantState();
  #tracker: HintTracker | undefined;
  #callsRunning = 0;

  constructor(
    core: ToolsetCore,
    connection: Connection,
    principal: string,
    manifest: Record<string, unknown>,
    sets: { tools: string; events: string },
  ) {
    this.#core = core;
    this.connection = connection;
    this.principalName = principal;
    this.#manifest = manifest;
    this.#toolsSet = sets.tools;
    this.#eventsSet = sets.events;
    this.#ready = core.attach(principal, this).then((attached) => {
      this.#principal = attached;
      this.#tracker = new HintTracker(core.presence(attached));
      return attached;
    });
    this.closed = new Promise((resolve) => {
      connection.once('close', () => {
        void this.#ready.then((attached) => core.detach(attached, this)).finally(resolve);
      });
    });
    connection.on('request', (message) => void this.#onRequest(message));
    connection.on('notification', (message) => {
      if (this.#dialect !== undefined && message.method === method.FEATURE_SETS_UPDATE) {
        this.#grant = grantFromUpdate(this.#grant, message.params, 'notification', {
          dialect: this.#dialect,
        }).state;
      }
    });
    connection.on('error', (error) => core.report(error));
  }

  get mcplActive(): boolean {
    return this.#dialect !== undefined;
  }

  /** The connection's current hint revision (0 before the first change). */
  get rev(): number {
    return this.#tracker?.rev ?? 0;
  }

  get canAccess(): boolean {
    return this.#dialect !== undefined && !this.connection.closed;
  }

  noteEnded(ended: EndedToolsetInstance): void {
    this.#tracker?.noteEnded(ended);
  }

  sync(): void {
    if (this.#callsRunning > 0) {
      // The running call's result takes the change: what a call causes is never sent apart.
      return;
    }
    const change = this.#takeHints();
    // A plain MCP host never sees MCPL traffic: it reads presence from tools/list and results.
    if (change !== undefined && this.#dialect !== undefined) {
      this.#quietly(() => this.connection.notify(method.TOOLSETS_CHANGED, change));
    }
  }

  pushEvent(content: ContentBlock[]): boolean {
    if (
      this.#dialect === undefined ||
      refusal(this.#grant, 'pushEvents', this.#eventsSet) !== undefined ||
      this.connection.closed
    ) {
      return false;
    }
    const hints = this.#callsRunning > 0 ? undefined : this.#takeHints();
    const params = {
      featureSet: this.#eventsSet,
      eventId: `toolset-${process.pid}-${Date.now()}-${++eventCounter}`,
      timestamp: new Date().toISOString(),
      payload: { content },
      ...(hints === undefined ? {} : { _meta: { [TOOLSET_HINTS_META_KEY]: hints } }),
    };
    this.connection.request(method.PUSH_EVENT, params).catch((error: unknown) => {
      if (!(error instanceof ConnectionClosedError)) this.#core.report(error);
    });
    return true;
  }

  async requestAccess(
    audience: string,
    options: { scopes?: string[]; signal?: AbortSignal },
  ): Promise<AccessTokenResult> {
    let result: unknown;
    try {
      result = await this.connection.request(
        method.ACCESS_TOKEN,
        {
          audience,
          ...(options.scopes === undefined ? {} : { scopes: options.scopes }),
          featureSet: this.#toolsSet,
        },
        { ...this.#core.options.accessRequestOptions, ...(options.signal ? { signal: options.signal } : {}) },
      );
    } catch (error) {
      if (error instanceof RpcError) {
        throw new ToolsetError(
          'ERR_TOOLSET_ACCESS_DENIED',
          `The host refused a token for ${audience}: ${error.message} (${error.code})`,
        );
      }
      throw error;
    }
    const token = result as Partial<AccessTokenResult> | null;
    if (
      typeof token?.token !== 'string' ||
      typeof token.tokenType !== 'string' ||
      typeof token.expiresAt !== 'string' ||
      Number.isNaN(Date.parse(token.expiresAt))
    ) {
      throw new ToolsetError(
        'ERR_TOOLSET_ACCESS_INVALID',
        `The host's access/token answer for ${audience} lacks token, tokenType or an ISO expiresAt`,
      );
    }
    return { token: token.token, tokenType: token.tokenType, expiresAt: token.expiresAt };
  }

  close(): void {
    this.connection.close();
  }

  #takeHints(): ToolsetHintChange | undefined {
    if (this.#tracker === undefined || this.#principal === undefined) return undefined;
    return this.#tracker.take(this.#core.presence(this.#principal));
  }

  async #onRequest(message: JsonRpcRequest): Promise<void> {
    let result: unknown;
    try {
      const principal = await this.#ready;
      result = await this.#answer(message, principal);
    } catch (thrown) {
      const error =
        thrown instanceof RpcError ? thrown : new RpcError(ERR_INTERNAL_ERROR, `${message.method} failed`);
      if (!(thrown instanceof RpcError)) this.#core.report(thrown);
      this.#quietly(() => this.connection.respondError(message.id, error.code, error.message, error.data));
      return;
    }
    this.#quietly(() => this.connection.respond(message.id, result));
  }

  async #answer(message: JsonRpcRequest, principal: Principal): Promise<unknown> {
    const params = (
      typeof message.params === 'object' && message.params !== null ? message.params : {}
    ) as Params;
    switch (message.method) {
      case 'initialize':
        return this.#initialize(params);
      case 'ping':
        return {};
      case 'tools/list':
        return this.#listTools(principal);
      case 'tools/call':
        this.#gate();
        return this.#call(params, principal);
    }
    if (this.#dialect === undefined)
      throw new RpcError(ERR_METHOD_NOT_FOUND, `Method not found: ${message.method}`);
    switch (message.method) {
      case method.FEATURE_SETS_UPDATE: {
        const update = grantFromUpdate(this.#grant, message.params, 'request');
        this.#grant = update.state;
        if (update.malformed !== undefined) throw invalid(`featureSets/update: ${update.malformed}`);
        return { accepted: true };
      }
      case method.MANIFEST:
        return manifestForDialect(this.#manifest, this.#dialect);
      case method.TOOLSETS_LIST:
        this.#gate();
        return this.#list(principal);
      case method.TOOLSETS_OPEN: {
        this.#gate();
        const instance = await this.#open(principal, params['toolset'], params['options']);
        const hints = this.#afterChange(principal);
        return { instance: this.#core.info(instance), ...(hints === undefined ? {} : { hints }) };
      }
      case method.TOOLSETS_CLOSE: {
        this.#gate();
        const closed = await this.#close(principal, params['toolset'], params['instance']);
        const hints = this.#afterChange(principal);
        return { closed, ...(hints === undefined ? {} : { hints }) };
      }
    }
    throw new RpcError(ERR_METHOD_NOT_FOUND, `Method not found: ${message.method}`);
  }

  #initialize(params: Params): unknown {
    const hostMcpl = extractMcpl(params['capabilities']);
    this.#dialect = hostMcpl === undefined ? undefined : (mcplDialect(hostMcpl['version']) ?? '0.5');
    const capabilities: Record<string, unknown> = { tools: { listChanged: false } };
    if (this.#dialect !== undefined) {
      capabilities['experimental'] = { mcpl: manifestForDialect(this.#manifest, this.#dialect) };
      // 0.4 hosts never send a grant request: what both sides advertised holds at once.
      this.#grant =
        this.#dialect === '0.4' ? legacyGrantState(params['capabilities'], capabilities) : emptyGrantState();
    }
    const options = this.#core.options;
    return {
      protocolVersion:
        typeof params['protocolVersion'] === 'string' ? params['protocolVersion'] : '2024-11-05',
      capabilities,
      serverInfo: { name: options.name, version: options.version },
    };
  }

  /** MCPL hosts need `tools` granted and `<name>.tools` enabled; plain MCP hosts are not gated. */
  #gate(): void {
    if (this.#dialect === undefined) return;
    const refused = refusal(this.#grant, 'tools', this.#toolsSet);
    if (refused !== undefined) throw new RpcError(refused.code, refused.message, refused.data);
  }

  #listTools(principal: Principal): unknown {
    if (this.#dialect !== undefined && refusal(this.#grant, 'tools', this.#toolsSet) !== undefined) {
      return { tools: [] };
    }
    // The host now holds the full state; later changes are relative to it.
    this.#tracker?.reset(this.#core.presence(principal));
    return { tools: this.#core.listedTools(principal) };
  }

  #list(principal: Principal): ToolsetsListResult {
    const open = [...principal.instances.values()].map((instance) => this.#core.info(instance));
    return { toolsets: this.#core.descriptors(), open, ended: principal.takeEnded(), rev: this.rev };
  }

  async #open(principal: Principal, toolset: unknown, options: unknown): Promise<OpenInstance> {
    if (typeof toolset !== 'string' || !this.#core.definitions.toolsets.has(toolset)) {
      throw invalid(`Unknown toolset ${JSON.stringify(toolset)}; toolsets/list names them`);
    }
    if (
      options !== undefined &&
      (typeof options !== 'object' || options === null || Array.isArray(options))
    ) {
      throw invalid('toolsets/open options must be an object');
    }
    const { value: filled, issues } = this.#core.definitions.check(toolset, (options ?? {}) as Params, true);
    if (issues.length > 0) throw invalid(`Options of ${toolset}: ${issues.join('; ')}`, { issues });
    try {
      return await this.#core.open(principal, toolset, filled);
    } catch (error) {
      if (error instanceof RangeError) throw invalid(error.message);
      throw error;
    }
  }

  async #close(principal: Principal, toolset: unknown, instance: unknown): Promise<boolean> {
    if (typeof toolset !== 'string') throw invalid('toolsets/close needs a toolset name');
    if (instance !== undefined && typeof instance !== 'string') throw invalid('instance must be a string');
    return this.#core.close(principal, toolset, instance);
  }

  /** The change for this connection's answer; the principal's other connections get theirs alone. */
  #afterChange(principal: Principal): ToolsetHintChange | undefined {
    this.#core.syncAll(principal, this);
    return this.#takeHints();
  }

  async #call(params: Params, principal: Principal): Promise<ToolCallResult> {
    const name = params['name'];
    const args = params['arguments'] ?? {};
    if (typeof name !== 'string') throw invalid('tools/call needs a tool name');
    if (typeof args !== 'object' || args === null || Array.isArray(args))
      throw invalid('arguments must be an object');
    this.#callsRunning += 1;
    let result: ToolCallResult;
    try {
      result = await this.#route(name, args as Params, params, principal);
    } finally {
      this.#callsRunning -= 1;
    }
    const hints = this.#afterChange(principal);
    if (hints === undefined) return result;
    return { ...result, _meta: { ...result._meta, [TOOLSET_HINTS_META_KEY]: hints } };
  }

  async #route(name: string, args: Params, params: Params, principal: Principal): Promise<ToolCallResult> {
    const definitions = this.#core.definitions;
    switch (name) {
      case TOOLSET_TOOL_NAMES.open: {
        if (!definitions.needsOpenClose) break;
        const instance = await this.#open(principal, args['toolset'], args['options']);
        const info = this.#core.info(instance);
        return {
          ...text(
            `Opened ${info.title}${info.instance ? ` (instance ${info.instance})` : ''}; tools: ${info.visible.join(', ')}`,
          ),
          structuredContent: info,
        };
      }
      case TOOLSET_TOOL_NAMES.close: {
        if (!definitions.needsOpenClose) break;
        const closed = await this.#close(principal, args['toolset'], args['instance']);
        return { ...text(closed ? 'Closed' : 'It was not open'), structuredContent: { closed } };
      }
      case TOOLSET_TOOL_NAMES.use: {
        if (typeof args['tool'] !== 'string' || definitions.toolsetOf.get(args['tool']) === undefined) {
          throw invalid(`toolset_use needs the name of a toolset's tool in tool`);
        }
        const inner = args['arguments'] ?? {};
        if (typeof inner !== 'object' || inner === null || Array.isArray(inner))
          throw invalid('arguments must be an object');
        return this.#dynamic(args['tool'], inner as Params, args['instance'], principal);
      }
    }
    const own = definitions.staticTools.get(name);
    if (own !== undefined) {
      const filled = this.#validate(name, args);
      return this.#run(() => own.call(filled, this.#core.context(principal, this)));
    }
    if (definitions.toolsetOf.has(name)) {
      const meta = params['_meta'] as { [TOOL_PRESENCE_META_KEY]?: { instance?: unknown } } | undefined;
      return this.#dynamic(name, args, meta?.[TOOL_PRESENCE_META_KEY]?.instance, principal);
    }
    throw invalid(`Unknown tool ${name}; tools/list names them`);
  }

  async #dynamic(tool: string, args: Params, wanted: unknown, principal: Principal): Promise<ToolCallResult> {
    const toolset = this.#core.definitions.toolsetOf.get(tool) as string;
    if (wanted !== undefined && typeof wanted !== 'string') throw invalid('instance must be a string');
    const candidates = [...principal.instances.values()].filter((instance) => instance.toolset === toolset);
    let instance: OpenInstance | undefined;
    if (wanted !== undefined) {
      instance = principal.instances.get(instanceKey(toolset, wanted));
      if (instance === undefined)
        throw invalid(`Instance ${wanted} of ${toolset} is not open; toolsets/list shows the open ones`);
    } else {
      const showing = candidates.filter((candidate) => this.#core.visible(candidate).includes(tool));
      instance = showing.length === 1 ? showing[0] : candidates.length === 1 ? candidates[0] : undefined;
      if (instance === undefined) {
        return {
          ...text(
            candidates.length === 0
              ? `${tool} belongs to toolset ${toolset}, which is not open: open it first (toolsets/open or ${TOOLSET_TOOL_NAMES.open})`
              : `Several instances of ${toolset} are open: name one (instance)`,
          ),
          isError: true,
        };
      }
    }
    if (!this.#core.visible(instance).includes(tool)) {
      return {
        ...text(
          `${tool} is not available now; visible: ${this.#core.visible(instance).join(', ') || 'none'}`,
        ),
        isError: true,
      };
    }
    const filled = this.#validate(tool, args);
    const open = instance;
    open.callBuffer = [];
    try {
      const result = await this.#run(() =>
        open.handle.call(tool, filled, this.#core.instanceContext(principal, open, this)),
      );
      // Events the call caused join its result.
      return open.callBuffer.length === 0
        ? result
        : { ...result, content: [...result.content, ...open.callBuffer] };
    } finally {
      open.callBuffer = undefined;
    }
  }

  /** The arguments with their schema's defaults filled in, or -32602 with the issues. */
  #validate(tool: string, args: Params): Params {
    const { value: filled, issues } = this.#core.definitions.check(tool, args);
    if (issues.length > 0) throw invalid(`Invalid arguments for ${tool}: ${issues.join('; ')}`, { issues });
    return filled;
  }

  async #run(call: () => ToolCallResult | Promise<ToolCallResult>): Promise<ToolCallResult> {
    try {
      const result = await call();
      if (!Array.isArray(result?.content)) throw new TypeError('A tool handler returned no content array');
      return result;
    } catch (error) {
      if (error instanceof RpcError) throw error;
      this.#core.report(error);
      return {
        ...text(`The tool failed: ${error instanceof Error ? error.message : String(error)}`),
        isError: true,
      };
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
