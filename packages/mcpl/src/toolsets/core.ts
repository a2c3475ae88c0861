import {
  type AccessTokenResult,
  type ContentBlock,
  TOOL_PRESENCE_META_KEY,
  type ToolPresence,
  type ToolsetDescriptor,
  type ToolsetInstanceInfo,
  toContentBlocks,
} from '../protocol/index.js';
import { Definitions } from './definitions.js';
import { metaTools } from './meta-tools.js';
import { instanceKey, type OpenInstance, Principal, type ServedConnection } from './principal.js';

export type { ServedConnection } from './principal.js';

import { ToolsetError } from './toolset-error.js';
import {
  DEFAULT_IDLE_CLOSE_MS,
  DEFAULT_MAX_INSTANCES,
  type InstanceContext,
  type ToolDefinition,
  type ToolsetContext,
  type ToolsetServerOptions,
  type ToolsetTimers,
} from './types.js';

const NODE_TIMERS: ToolsetTimers = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** The toolset state of one server: definitions, principals and their instances, lifetimes. */
export class ToolsetCore {
  readonly options: ToolsetServerOptions;
  readonly definitions: Definitions;
  readonly #principals = new Map<string, Principal>();
  readonly #timers: ToolsetTimers;
  readonly #idleCloseMs: number;
  readonly #maxInstances: number;

  constructor(options: ToolsetServerOptions) {
    this.options = options;
    this.definitions = new Definitions(options.tools ?? [], options.toolsets);
    this.#timers = options.timers ?? NODE_TIMERS;
    this.#idleCloseMs = options.idleCloseMs ?? DEFAULT_IDLE_CLOSE_MS;
    this.#maxInstances = options.maxInstancesPerPrincipal ?? DEFAULT_MAX_INSTANCES;
    if (!Number.isFinite(this.#idleCloseMs) || this.#idleCloseMs < 0) {
      throw new ToolsetError('ERR_TOOLSET_DEFINITION', 'idleCloseMs must be 0 (never) or a positive number');
    }
  }

  /** Principals the server currently remembers. */
  get principals(): string[] {
    return [...this.#principals.keys()];
  }

  principal(name: string): Principal | undefined {
    return this.#principals.get(name);
  }

  /** A connection of `name` begins: its idle timer stops, default-open toolsets open. */
  async attach(name: string, connection: ServedConnection): Promise<Principal> {
    let principal = this.#principals.get(name);
    if (principal === undefined) {
      principal = new Principal(name);
      this.#principals.set(name, principal);
    }
    if (principal.idleTimer !== undefined) {
      this.#timers.clearTimeout(principal.idleTimer);
      principal.idleTimer = undefined;
    }
    principal.connections.add(connection);
    for (const [toolset, definition] of this.definitions.toolsets) {
      if (definition.default !== 'open' || definition.instances === true) continue;
      if (!principal.instances.has(instanceKey(toolset, undefined))) await this.open(principal, toolset, {});
    }
    return principal;
  }

  /** A connection ended; the last one of a principal starts its idle timer. */
  detach(principal: Principal, connection: ServedConnection): void {
    principal.connections.delete(connection);
    if (principal.connections.size > 0) return;
    // Nothing to keep: forget it now, so principals that come and go do not accumulate.
    if (principal.instances.size === 0 && principal.ended.length === 0) {
      this.#principals.delete(principal.name);
      return;
    }
    if (this.#idleCloseMs === 0) return;
    principal.idleTimer = this.#timers.setTimeout(() => {
      principal.idleTimer = undefined;
      if (principal.connections.size > 0) return;
      this.#principals.delete(principal.name);
      for (const instance of [...principal.instances.values()]) void this.#dispose(principal, instance);
    }, this.#idleCloseMs);
  }

  descriptors(): ToolsetDescriptor[] {
    return [...this.definitions.toolsets].map(([name, set]) => ({
      name,
      title: set.title,
      ...(set.summary === undefined ? {} : { summary: set.summary }),
      default: set.default ?? 'closed',
      instances: set.instances === true,
      tools: set.tools.map((tool) => tool.name),
    }));
  }

  /** The full tool list with each tool's presence for `principal`. */
  listedTools(principal: Principal): Array<ToolDefinition & { _meta: Record<string, unknown> }> {
    const presence = this.presence(principal);
    const own = [...metaTools(this.definitions.needsOpenClose), ...this.definitions.staticTools.values()].map(
      (tool) => definitionOf(tool),
    );
    const dynamic = [...this.definitions.toolsets.values()].flatMap((set) => set.tools.map(definitionOf));
    return [...own, ...dynamic].map((tool) => ({
      ...tool,
      _meta: { [TOOL_PRESENCE_META_KEY]: presence[tool.name] ?? { kind: 'static', visible: true } },
    }));
  }

  /** Per tool: static or dynamic, visible now, its toolset and (when one) instance. */
  presence(principal: Principal): Record<string, ToolPresence> {
    const result: Record<string, ToolPresence> = {};
    for (const tool of metaTools(this.definitions.needsOpenClose))
      result[tool.name] = { kind: 'static', visible: true };
    for (const name of this.definitions.staticTools.keys()) result[name] = { kind: 'static', visible: true };
    for (const [toolset, definition] of this.definitions.toolsets) {
      for (const tool of definition.tools) {
        const showing = [...principal.instances.values()].filter(
          (instance) => instance.toolset === toolset && this.visible(instance).includes(tool.name),
        );
        const only = showing.length === 1 ? showing[0]?.id : undefined;
        result[tool.name] = {
          kind: 'dynamic',
          visible: showing.length > 0,
          toolset,
          ...(only === undefined ? {} : { instance: only }),
        };
      }
    }
    return result;
  }

  visible(instance: OpenInstance): string[] {
    const all = this.definitions.toolsets.get(instance.toolset)?.tools.map((tool) => tool.name) ?? [];
    if (instance.handle.visible === undefined) return all;
    try {
      return instance.handle.visible().filter((name) => all.includes(name));
    } catch (error) {
      this.report(error);
      return [];
    }
  }

  info(instance: OpenInstance): ToolsetInstanceInfo {
    const definition = this.definitions.toolsets.get(instance.toolset);
    let content: ContentBlock[] | undefined;
    try {
      content = instance.handle.content?.();
    } catch (error) {
      this.report(error);
    }
    return {
      toolset: instance.toolset,
      ...(instance.id === undefined ? {} : { instance: instance.id }),
      title: instance.handle.title ?? definition?.title ?? instance.toolset,
      visible: this.visible(instance),
      ...(content === undefined ? {} : { content: content as ToolsetInstanceInfo['content'] }),
    };
  }

  /** Opens `toolset` for `principal` (a new instance, or the existing one without instances). */
  async open(principal: Principal, toolset: string, options: Record<string, unknown>): Promise<OpenInstance> {
    const definition = this.definitions.toolsets.get(toolset);
    if (definition === undefined) throw new TypeError(`Unknown toolset ${toolset}`);
    if (definition.instances !== true) {
      const existing = principal.instances.get(instanceKey(toolset, undefined));
      if (existing !== undefined) return existing;
    }
    if (principal.instances.size >= this.#maxInstances) {
      throw new RangeError(
        `${principal.name} already holds ${principal.instances.size} open instances (the most allowed): close one first`,
      );
    }
    const id = definition.instances === true ? `${toolset}-${principal.nextInstance++}` : undefined;
    const instance: OpenInstance = {
      toolset,
      id,
      handle: { call: () => ({ content: [] }) },
      ctx: undefined as unknown as InstanceContext,
      callBuffer: undefined,
    };
    instance.ctx = this.instanceContext(principal, instance);
    instance.handle = await definition.open(instance.ctx, options);
    principal.instances.set(instanceKey(toolset, id), instance);
    return instance;
  }

  /** Closes one instance at the host's request; false when it was not open. */
  async close(principal: Principal, toolset: string, id: string | undefined): Promise<boolean> {
    const instance = principal.instances.get(instanceKey(toolset, id));
    if (instance === undefined) return false;
    await this.#dispose(principal, instance);
    return true;
  }

  /** The instance ended itself: it closes, every connection of the principal hears why. */
  end(principal: Principal, instance: OpenInstance, reason: string): void {
    if (principal.instances.get(instanceKey(instance.toolset, instance.id)) !== instance) return;
    void this.#dispose(principal, instance);
    principal.recordEnded({ toolset: instance.toolset, instance: instance.id ?? instance.toolset, reason });
    this.syncAll(principal);
  }

  syncAll(principal: Principal, except?: ServedConnection): void {
    for (const connection of principal.connections) if (connection !== except) connection.sync();
  }

  /** The context of a static tool call (`via` is the calling connection). */
  context(principal: Principal, via: ServedConnection | undefined): ToolsetContext {
    return {
      principal: principal.name,
      emit: async (content) => this.#emit(principal, undefined, toContentBlocks(content)),
      changed: () => this.syncAll(principal),
      access: (audience, options = {}) => this.#access(principal, via, audience, options),
    };
  }

  instanceContext(principal: Principal, instance: OpenInstance, via?: ServedConnection): InstanceContext {
    return {
      ...this.context(principal, via),
      emit: async (content) => this.#emit(principal, instance, toContentBlocks(content)),
      instance: instance.id,
      end: (reason) => this.end(principal, instance, reason),
    };
  }

  report(error: unknown): void {
    this.options.onError?.(error instanceof Error ? error : new Error(String(error)));
  }

  #emit(principal: Principal, instance: OpenInstance | undefined, content: ContentBlock[]): void {
    // Caused by a call on this instance: it joins the call's result, never a push of its own.
    if (instance?.callBuffer !== undefined) {
      instance.callBuffer.push(...content);
      return;
    }
    for (const connection of principal.connections) {
      if (!connection.pushEvent(content)) connection.sync();
    }
  }

  async #dispose(principal: Principal, instance: OpenInstance): Promise<void> {
    principal.instances.delete(instanceKey(instance.toolset, instance.id));
    try {
      await instance.handle.close?.();
    } catch (error) {
      this.report(error);
    }
  }

  #access(
    principal: Principal,
    via: ServedConnection | undefined,
    audience: string,
    options: { scopes?: string[]; signal?: AbortSignal },
  ): Promise<AccessTokenResult> {
    if (typeof audience !== 'string' || audience === '') {
      return Promise.reject(new TypeError('access(audience) needs a non-empty audience'));
    }
    const candidates = [...(via === undefined ? [] : [via]), ...[...principal.connections].reverse()];
    const connection = candidates.find(
      (candidate) => candidate.canAccess && principal.connections.has(candidate),
    );
    if (connection === undefined) {
      return Promise.reject(
        new ToolsetError(
          'ERR_TOOLSET_NO_CONNECTION',
          `No MCPL host of ${principal.name} is connected to ask for a token for ${audience}; ask again while one is`,
        ),
      );
    }
    return connection.requestAccess(audience, options);
  }
}

function definitionOf(tool: ToolDefinition): ToolDefinition {
  return {
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    ...(tool.description === undefined ? {} : { description: tool.description }),
    inputSchema: tool.inputSchema,
    ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
  };
}
