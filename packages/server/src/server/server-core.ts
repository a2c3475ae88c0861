import { randomUUID } from 'node:crypto';
import type { JsonRpcId, JsonRpcNotification } from '@mcpforge/wire';
import { RequestStateSealer } from '../mrtr/request-state.js';
import { positiveIntegerOption } from '../options/positive-integer.js';
import type { Implementation, ServerCapabilities } from '../protocol/index.js';
import { MetaKey, MODERN_PROTOCOL_VERSIONS, Notification } from '../protocol/index.js';
import { SchemaCompiler } from '../validation/index.js';
import type { MethodHandler } from './handlers.js';
import { ListPages, type ListSource } from './list-pages.js';
import {
  DEFAULT_CACHE_TTL_MS,
  DEFAULT_MAX_RESOURCE_SUBSCRIPTIONS,
  DEFAULT_MAX_SUBSCRIPTION_URI_LENGTH,
  DEFAULT_PAGE_SIZE,
  type InternalErrorReport,
  type ServerOptions,
} from './options.js';
import { PromptRegistry } from './prompt-registry.js';
import { ResourceRegistry } from './resource-registry.js';
import type { Session } from './session.js';
import { ToolRegistry } from './tool-registry.js';

/** An open `subscriptions/listen` (modern): what it asked for and where it goes. */
export interface ListenSubscription {
  readonly session: Session;
  readonly id: JsonRpcId;
  readonly toolsListChanged: boolean;
  readonly promptsListChanged: boolean;
  readonly resourcesListChanged: boolean;
  readonly resourceSubscriptions: ReadonlySet<string>;
}

type ListKind = 'tools' | 'prompts' | 'resources';

const LIST_CHANGED: Record<ListKind, string> = {
  tools: Notification.toolsListChanged,
  prompts: Notification.promptsListChanged,
  resources: Notification.resourcesListChanged,
};

/**
 * Everything the dispatcher needs: the registries, the pagers, the live sessions and listens.
 * Built once per server.
 */
export class ServerCore {
  readonly options: ServerOptions;
  readonly serverInfo: Implementation;
  readonly compiler: SchemaCompiler;
  readonly sealer: RequestStateSealer;
  readonly tools: ToolRegistry;
  readonly resources = new ResourceRegistry();
  readonly prompts = new PromptRegistry();
  readonly toolPages: ListPages;
  readonly promptPages: ListPages;
  readonly resourcePages: ListPages;
  readonly templatePages: ListPages;
  readonly cacheTtlMs: number;
  readonly cacheScope: 'public' | 'private';
  /** Resource subscriptions one session may hold (legacy URIs plus those of its listens). */
  readonly maxResourceSubscriptions: number;
  readonly maxSubscriptionUriLength: number;
  /** `_meta` of every modern result; built once. */
  readonly modernMeta: Record<string, unknown>;
  /** Legacy sessions that completed `initialize`. */
  readonly liveSessions = new Set<Session>();
  readonly listens = new Set<ListenSubscription>();
  /** Extension methods registered with `server.method()`. */
  readonly customMethods = new Map<string, MethodHandler>();

  constructor(options: ServerOptions) {
    if (typeof options.name !== 'string' || typeof options.version !== 'string') {
      throw new TypeError('createServer needs a name and a version');
    }
    this.options = options;
    const info: Implementation = { name: options.name, version: options.version };
    if (options.title !== undefined) info.title = options.title;
    if (options.description !== undefined) info.description = options.description;
    if (options.icons !== undefined) info.icons = options.icons;
    if (options.websiteUrl !== undefined) info.websiteUrl = options.websiteUrl;
    this.serverInfo = info;
    this.modernMeta = { [MetaKey.serverInfo]: info };
    this.compiler = options.schemaCompiler ?? new SchemaCompiler();
    this.sealer = new RequestStateSealer(options.secret, options.requestStateTtlMs);
    this.tools = new ToolRegistry(this.compiler);
    this.cacheTtlMs = options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS;
    this.cacheScope = options.cacheScope ?? 'public';
    const pageSize = positiveIntegerOption('pageSize', options.pageSize, DEFAULT_PAGE_SIZE);
    this.maxResourceSubscriptions = positiveIntegerOption(
      'maxResourceSubscriptions',
      options.maxResourceSubscriptions,
      DEFAULT_MAX_RESOURCE_SUBSCRIPTIONS,
    );
    this.maxSubscriptionUriLength = positiveIntegerOption(
      'maxSubscriptionUriLength',
      options.maxSubscriptionUriLength,
      DEFAULT_MAX_SUBSCRIPTION_URI_LENGTH,
    );
    const tag = (text: string) => this.sealer.tag(text);
    const decorate = (result: Record<string, unknown>) => this.cacheable(result);
    const pages = (name: string, itemsKey: string, source: ListSource) =>
      new ListPages({ name, itemsKey, pageSize, source, tag, decorate });
    this.toolPages = pages('tools', 'tools', this.tools);
    this.promptPages = pages('prompts', 'prompts', this.prompts);
    this.resourcePages = pages('resources', 'resources', this.resources.resources);
    this.templatePages = pages('templates', 'resourceTemplates', this.resources.templates);
  }

  /** Capabilities derived from what is registered now, plus `options.capabilities`. */
  capabilities(era: 'legacy' | 'modern'): ServerCapabilities {
    const capabilities: ServerCapabilities = {};
    if (this.tools.size > 0) capabilities.tools = { listChanged: true };
    if (this.resources.size > 0) capabilities.resources = { subscribe: true, listChanged: true };
    if (this.prompts.size > 0) capabilities.prompts = { listChanged: true };
    if (this.prompts.hasCompleters || this.resources.hasCompleters) capabilities.completions = {};
    if (era === 'legacy') capabilities.logging = {};
    return { ...capabilities, ...this.options.capabilities };
  }

  /** Whether the server declares `resources.subscribe` (it answers subscriptions) in `era`. */
  servesResourceSubscriptions(era: 'legacy' | 'modern'): boolean {
    return this.capabilities(era).resources?.subscribe === true;
  }

  /** A complete modern result with caching hints. */
  cacheable(
    result: Record<string, unknown>,
    ttlMs = this.cacheTtlMs,
    cacheScope = this.cacheScope,
  ): Record<string, unknown> {
    const out = copyMembers(result);
    out['resultType'] = 'complete';
    out['ttlMs'] = ttlMs;
    out['cacheScope'] = cacheScope;
    out['_meta'] = this.modernMeta;
    return out;
  }

  /** A complete modern result: `resultType` and serverInfo added, the handler's `_meta` kept. */
  complete(result: object): Record<string, unknown> {
    const out = copyMembers(result);
    out['resultType'] = 'complete';
    const meta = out['_meta'];
    out['_meta'] =
      typeof meta === 'object' && meta !== null ? { ...meta, ...this.modernMeta } : this.modernMeta;
    return out;
  }

  discover(): Record<string, unknown> {
    const result: Record<string, unknown> = {
      resultType: 'complete',
      supportedVersions: [...MODERN_PROTOCOL_VERSIONS],
      capabilities: this.capabilities('modern'),
    };
    if (this.options.instructions !== undefined) result['instructions'] = this.options.instructions;
    result['ttlMs'] = this.cacheTtlMs;
    result['cacheScope'] = this.cacheScope;
    result['_meta'] = this.modernMeta;
    return result;
  }

  /** Lists changed inside {@link batchListChanges}, told when its outermost callback returns. */
  #heldLists: Set<ListKind> | undefined;

  /**
   * Runs `change` with list_changed notifications held: each list it changed is told once, when
   * it returns (or throws), before anything else is sent. Nested calls join the outer one.
   */
  batchListChanges<T>(change: () => T): T {
    if (this.#heldLists !== undefined) return change();
    const held = new Set<ListKind>();
    this.#heldLists = held;
    try {
      return change();
    } finally {
      this.#heldLists = undefined;
      for (const kind of held) this.listChanged(kind);
    }
  }

  /** Tell every live legacy session and every matching listen that a list changed. */
  listChanged(kind: ListKind): void {
    if (this.#heldLists !== undefined) {
      this.#heldLists.add(kind);
      return;
    }
    const method = LIST_CHANGED[kind];
    for (const session of this.liveSessions) session.notify({ jsonrpc: '2.0', method });
    for (const listen of this.listens) {
      const wanted =
        kind === 'tools'
          ? listen.toolsListChanged
          : kind === 'prompts'
            ? listen.promptsListChanged
            : listen.resourcesListChanged;
      if (wanted) listen.session.notify(listenNotification(method, listen.id, undefined), listen.id);
    }
  }

  resourceUpdated(uri: string): void {
    for (const session of this.liveSessions) {
      if (session.state.resourceSubscriptions.has(uri)) {
        session.notify({ jsonrpc: '2.0', method: Notification.resourceUpdated, params: { uri } });
      }
    }
    for (const listen of this.listens) {
      if (listen.resourceSubscriptions.has(uri)) {
        listen.session.notify(
          listenNotification(Notification.resourceUpdated, listen.id, { uri }),
          listen.id,
        );
      }
    }
  }

  /** Abort a request in flight (a `notifications/cancelled`, or a transport that lost the client). */
  cancel(session: Session, requestId: JsonRpcId, reason?: unknown): boolean {
    const entry = session.state.inFlight.get(requestId);
    if (entry === undefined) return false;
    entry.cancelled = true;
    entry.controller ??= new AbortController();
    entry.controller.abort(reason ?? new Error('Request cancelled by the client'));
    return true;
  }

  /** End the session's `subscriptions/listen` requests (each answers its final result). */
  endSubscriptions(session: Session): void {
    for (const listen of [...this.listens]) {
      if (listen.session === session) this.cancel(session, listen.id, new Error('Subscription ended'));
    }
  }

  /** Forget a session: no more notifications, every request in flight aborted. */
  closeSession(session: Session): void {
    session.state.closed = true;
    this.liveSessions.delete(session);
    for (const id of [...session.state.inFlight.keys()])
      this.cancel(session, id, new Error('Session closed'));
  }

  reportInternalError(method: string, target: string | undefined, error: unknown): string {
    const errorId = randomUUID();
    const report: InternalErrorReport = { errorId, method, target, error };
    const sink = this.options.onInternalError ?? writeInternalErrorToStderr;
    try {
      sink(report);
    } catch {
      // a failing log sink must not turn into a second failure
    }
    return errorId;
  }
}

/**
 * A shallow copy of a result's own members. The handler's object is not ours to change, and an
 * object spread costs about 1 µs per result on Node 20 where this loop costs tens of ns.
 * An own `__proto__` member is defined, not assigned: assigning it would set the prototype.
 */
function copyMembers(source: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const members = source as Record<string, unknown>;
  for (const key in members) {
    if (!Object.hasOwn(members, key)) continue;
    if (key === '__proto__') {
      Object.defineProperty(out, key, {
        value: members[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else out[key] = members[key];
  }
  return out;
}

function listenNotification(
  method: string,
  subscriptionId: JsonRpcId,
  params: Record<string, unknown> | undefined,
): JsonRpcNotification {
  return {
    jsonrpc: '2.0',
    method,
    params: { ...params, _meta: { [MetaKey.subscriptionId]: subscriptionId } },
  };
}

function writeInternalErrorToStderr(report: InternalErrorReport): void {
  const { error } = report;
  const detail =
    error instanceof Error
      ? { name: error.name, message: error.message, stack: error.stack }
      : { value: String(error) };
  process.stderr.write(
    `${JSON.stringify({ level: 'error', time: new Date().toISOString(), msg: 'handler failed', errorId: report.errorId, method: report.method, target: report.target, error: detail })}\n`,
  );
}
