import type { JsonRpcId, JsonRpcMessage, JsonRpcResponse } from '@mcpforge/wire';
import type { Prompt, Resource, ResourceTemplate, ServerCapabilities } from '../protocol/index.js';
import type { JsonSchema } from '../schema/index.js';
import { dispatch } from './dispatch.js';
import type { MethodHandler, ToolHandler } from './handlers.js';
import { BUILT_IN_METHODS } from './method-table.js';
import type { ServerOptions } from './options.js';
import { type PermissionPatternsSource, wrapProbe } from './probe.js';
import type { PromptHandler } from './prompt-registry.js';
import type { Completer, ResourceHandler, ResourceTemplateHandler } from './resource-registry.js';
import type { DispatchResult } from './responses.js';
import { ServerCore } from './server-core.js';
import type { Session } from './session.js';
import type { ToolArgs, ToolDefinition } from './tool-registry.js';

/**
 * One MCP server definition, built once and served by any number of transports and sessions,
 * in both spec eras. Register tools, resources and prompts; transports call {@link handle}.
 */
export class McpServer {
  readonly #core: ServerCore;

  constructor(options: ServerOptions) {
    this.#core = new ServerCore(options);
  }

  get name(): string {
    return this.#core.serverInfo.name;
  }

  get version(): string {
    return this.#core.serverInfo.version;
  }

  /** Capabilities as `initialize` (legacy) or `server/discover` (modern) would declare them now. */
  capabilities(era: 'legacy' | 'modern' = 'legacy'): ServerCapabilities {
    return this.#core.capabilities(era);
  }

  /**
   * Register a tool. The name (1-128 of `A-Za-z0-9_.-`, unique) and the schemas are checked
   * now and compiled once. Live legacy sessions and listens get `notifications/tools/list_changed`.
   * @throws ToolDefinitionError `ERR_TOOL_NAME`, `ERR_TOOL_DUPLICATE` or `ERR_TOOL_SCHEMA`.
   */
  tool<S extends JsonSchema>(definition: ToolDefinition<S>, handler: ToolHandler<ToolArgs<S>>): this {
    this.#core.tools.add(definition, handler as ToolHandler<Record<string, unknown>>, undefined);
    this.#core.listChanged('tools');
    return this;
  }

  /**
   * Register a side-effecting tool that answers permission probes (seed 000): it is published
   * with `_meta["forge.supports_permission_patterns"] = true`, and a call whose `_meta` carries
   * `"forge.permission_patterns": true` gets the patterns (after argument validation) and never
   * runs the handler.
   */
  patternTool<S extends JsonSchema>(
    definition: ToolDefinition<S>,
    patterns: PermissionPatternsSource<ToolArgs<S>>,
    handler: ToolHandler<ToolArgs<S>>,
  ): this {
    this.#core.tools.add(
      definition,
      wrapProbe(handler, patterns) as ToolHandler<Record<string, unknown>>,
      patterns as PermissionPatternsSource,
    );
    this.#core.listChanged('tools');
    return this;
  }

  /**
   * Runs `change` (tools, resources or prompts added and removed) with `list_changed` held: each
   * list it changed is told once when it returns, so swapping a hundred tools sends one
   * notification per session instead of two hundred.
   */
  batch<T>(change: () => T): T {
    return this.#core.batchListChanges(change);
  }

  /** Remove a tool; true when it existed (and `list_changed` was sent). */
  removeTool(name: string): boolean {
    const removed = this.#core.tools.remove(name);
    if (removed) this.#core.listChanged('tools');
    return removed;
  }

  /** Register a static resource read by exact URI. */
  resource(definition: Resource, handler: ResourceHandler): this {
    this.#core.resources.addResource(definition, handler);
    this.#core.listChanged('resources');
    return this;
  }

  removeResource(uri: string): boolean {
    const removed = this.#core.resources.removeResource(uri);
    if (removed) this.#core.listChanged('resources');
    return removed;
  }

  /**
   * Register a resource template (RFC 6570 levels 1-3, e.g. `file:///{+path}`); `resources/read`
   * of a matching URI calls `handler(uri, variables, ctx)`. `complete` completes its variables.
   */
  resourceTemplate(
    definition: ResourceTemplate,
    handler: ResourceTemplateHandler,
    options?: { complete?: Record<string, Completer> | undefined },
  ): this {
    this.#core.resources.addTemplate(definition, handler, options?.complete);
    this.#core.listChanged('resources');
    return this;
  }

  removeResourceTemplate(uriTemplate: string): boolean {
    const removed = this.#core.resources.removeTemplate(uriTemplate);
    if (removed) this.#core.listChanged('resources');
    return removed;
  }

  /** Register a prompt; `complete` completes its arguments. */
  prompt(
    definition: Prompt,
    handler: PromptHandler,
    options?: { complete?: Record<string, Completer> | undefined },
  ): this {
    this.#core.prompts.add(definition, handler, options?.complete);
    this.#core.listChanged('prompts');
    return this;
  }

  removePrompt(name: string): boolean {
    const removed = this.#core.prompts.remove(name);
    if (removed) this.#core.listChanged('prompts');
    return removed;
  }

  /** A tool's published input schema (HTTP checks `Mcp-Param-*` headers against its `x-mcp-header`s). */
  toolInputSchema(name: string): JsonSchema | undefined {
    return this.#core.tools.get(name)?.published.inputSchema;
  }

  /**
   * Handle an extension method (e.g. `tasks/get`) the runtime does not implement itself.
   * Built-in methods cannot be replaced. Legacy sessions must be initialized first, as usual.
   */
  method(name: string, handler: MethodHandler): this {
    if (BUILT_IN_METHODS.has(name))
      throw new TypeError(`'${name}' is a built-in method and cannot be replaced`);
    this.#core.customMethods.set(name, handler);
    return this;
  }

  /** Tell subscribers (legacy `resources/subscribe`, modern listens) that `uri` changed. */
  notifyResourceUpdated(uri: string): void {
    this.#core.resourceUpdated(uri);
  }

  /**
   * The transport seam: answer one incoming message for `session`. Resolves to the response,
   * or undefined for a notification, a cancelled request or a stray response.
   */
  handle(message: JsonRpcMessage, session: Session): Promise<JsonRpcResponse | undefined> {
    const result = dispatch(this.#core, message, session);
    return result instanceof Promise ? result : Promise.resolve(result);
  }

  /**
   * {@link handle} without the promise when the answer is ready at once (the hot path of
   * transports that can write synchronously).
   */
  dispatch(message: JsonRpcMessage, session: Session): DispatchResult {
    return dispatch(this.#core, message, session);
  }

  /**
   * Abort a request in flight as `notifications/cancelled` would: its handler's `ctx.signal`
   * fires and no response is produced; a `subscriptions/listen` ends with its final result.
   */
  cancel(session: Session, requestId: JsonRpcId, reason?: unknown): boolean {
    return this.#core.cancel(session, requestId, reason);
  }

  /** End the session's open `subscriptions/listen` requests gracefully (final result, then nothing more). */
  endSubscriptions(session: Session): void {
    this.#core.endSubscriptions(session);
  }

  /** A transport's session ended: stop notifying it and abort what it still has in flight. */
  closeSession(session: Session): void {
    this.#core.closeSession(session);
  }
}

/** Build a server definition. Build it once per process, not per request. */
export function createServer(options: ServerOptions): McpServer {
  return new McpServer(options);
}
