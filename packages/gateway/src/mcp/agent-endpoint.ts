import {
  type CallToolResult,
  type HandlerContext,
  type InvalidArguments,
  SchemaCompiler,
  type Session,
} from '@mcpforge/server';
import type { HttpServable } from '@mcpforge/server/http';
import type { TaskServer } from '@mcpforge/server/tasks';
import type { ApprovalService } from '../approvals/approval-service.js';
import {
  type ApprovalAnswer,
  type ApprovalSurfaces,
  answerApprovalCall,
  DEFAULT_APPROVAL_WAIT_MS,
} from '../approvals/mcp/approval-call.js';
import { ApprovalTaskStore } from '../approvals/mcp/approval-task-store.js';
import type { PublishedCatalog, PublishedTool } from '../catalog/published-catalog.js';
import { createToolError, toolErrorResult } from '../errors/tool-error.js';
import type { Executor } from '../execute/executor.js';
import type { CallOutcome } from '../history/history-table.js';
import type { HistoryWriter } from '../history/history-writer.js';
import { DEFAULT_PREFIX } from '../http/options.js';
import { runInSlices, type Steps } from '../search/index/sliced-work.js';
import {
  type CallToolArguments,
  callToolParams,
  callToolRefusal,
  innerCallMessage,
  withoutProbe,
} from '../search/mcp/call-tool.js';
import { CatalogSearch } from '../search/mcp/catalog-search.js';
import {
  CALL_TOOL,
  callToolDefinition,
  SEARCH_TOOLS,
  searchToolsDefinition,
} from '../search/mcp/meta-tools.js';
import { PatternTaskServer } from '../search/mcp/pattern-task-server.js';
import { type SearchToolsArguments, searchToolsResult } from '../search/mcp/search-tools.js';
import { permissionPatternsOf, toolDefinitionOf } from '../search/mcp/tool-definition.js';
import type { Reranker } from '../search/rerank/reranker.js';
import { type RequestScope, requestScope } from './request-scope.js';
import { handshakeComplete, initialized, listed, ready } from './session-progress.js';
import { invalidArgumentsResult, prepareToolArguments } from './tool-arguments.js';

type Message = Parameters<TaskServer['handle']>[0];
type Answer = Awaited<ReturnType<TaskServer['handle']>>;

/** How long an approval task stays retrievable: a person may take a while; the request outlives it. */
const APPROVAL_TASK_TTL_MS = 60 * 60 * 1000;

/**
 * Approval tasks one agent endpoint keeps waiting at once; beyond it the oldest task is
 * cancelled (its request stays pending). Each waiting task re-reads its request every few
 * seconds besides LISTEN/NOTIFY, so the bound is also a bound on that load.
 */
const APPROVAL_MAX_LIVE_TASKS = 1_000;

/** What every agent endpoint of a gateway shares. */
export interface EndpointServices {
  executor: Executor;
  history: HistoryWriter;
  /** The gateway's name and version in `serverInfo`. */
  serverVersion: string;
  /** Operator diagnostics of failed calls (never secrets, argument values or upstream bodies). */
  onCallFailure?:
    | ((failure: { requestId: string; tool: string; code: string; diagnostic: string }) => void)
    | undefined;
  /**
   * Human approvals. Without it a tool with `approval: required` refuses every call (`internal`)
   * and never reaches the upstream.
   */
  approvals?: ApprovalService | undefined;
  /** The MCP endpoints' prefix: approval URLs are paths under it. @default DEFAULT_PREFIX */
  prefix?: string | undefined;
  /**
   * The origin clients reach the gateway at (`https://gw.example.com`, no path): makes approval
   * URLs absolute for URL-mode elicitation and task status messages. Without it legacy clients
   * get the plain `approval_required` result even when they declare `elicitation.url`.
   */
  publicOrigin?: string | undefined;
  /**
   * Longest wait of a legacy call for a person's decision after its URL elicitation, in ms;
   * below the 60 s default request timeout of the official SDK clients.
   * @default DEFAULT_APPROVAL_WAIT_MS (50 s)
   */
  approvalWaitMs?: number | undefined;
  /** Re-orders `search_tools` hits (search mode); off when absent. */
  reranker?: Reranker | undefined;
  /** Operator diagnostics of a failed re-ranking (the search answered in BM25 order). */
  onSearchFailure?:
    | ((failure: { workspace: string; agent: string; code: string; diagnostic: string }) => void)
    | undefined;
}

/**
 * One agent's MCP server: a toolkit server holding the agent's published tools, kept for the
 * agent's life in this process. A new catalog revision swaps the tools that changed in place,
 * so sessions open on it stay open and get `notifications/tools/list_changed` (the toolkit
 * sends one per tool added or removed). As the transport's servable it also records each
 * `tools/call` in history and how far each legacy session went through the handshake.
 * A tool with `approval: required` never calls its upstream here: `approvals/mcp` answers it
 * (a task, a URL elicitation, or the plain `approval_required` result; docs/gateway/approvals-mcp.md).
 * In search mode (docs/gateway/search.md) the listed server holds only `search_tools` and
 * `call_tool`; the operations sit on a second, unlisted server, and a `call_tool` is dispatched
 * there as the direct `tools/call` of the tool it names, so it goes through the same validation,
 * probe, approval, tasks and errors, and history records the inner tool.
 */
export class AgentEndpoint implements HttpServable {
  readonly workspace: string;
  readonly agent: string;
  readonly #services: EndpointServices;
  /** The server clients talk to: the operations in direct mode, the two meta-tools in search mode. */
  readonly #server: PatternTaskServer;
  /** Search mode: the operations, reached only through `call_tool`. */
  readonly #inner: PatternTaskServer;
  /** One compiler for both servers and `call_tool`'s own arguments: each schema compiled once. */
  readonly #compiler = new SchemaCompiler();
  readonly #validateCallTool;
  readonly #tasks = new ApprovalTaskStore();
  readonly #approvals: ApprovalSurfaces | undefined;
  /** Calls of this endpoint that answered `approval_required` (or became a waiting task). */
  readonly #pending = new WeakSet<RequestScope>();
  /** The legacy session of a call, for the notifications an approval sends on its stream. */
  readonly #sessionOf = new WeakMap<RequestScope, Session>();
  #catalog: PublishedCatalog | undefined;
  #workspaceId = '';
  #tools = new Map<string, PublishedTool>();
  /** Search mode: the index of the catalog served now (built once per revision). */
  #search: CatalogSearch | undefined;
  /** Legacy sessions by id: the version their `initialize` negotiated. */
  readonly #negotiated = new Map<string, string>();

  constructor(workspace: string, agent: string, services: EndpointServices) {
    this.workspace = workspace;
    this.agent = agent;
    this.#services = services;
    // Tasks (per process, in memory) serve approval-required tools to clients declaring them.
    const options = {
      name: `mcpforge-gateway/${workspace}/${agent}`,
      version: services.serverVersion,
      // Declared even while the catalog is empty, so a client knows to listen for a change.
      capabilities: { tools: { listChanged: true } },
      schemaCompiler: this.#compiler,
      prepareArguments: prepareToolArguments,
      onInvalidArguments: (invalid: InvalidArguments) => this.#invalidArguments(invalid),
      taskStore: this.#tasks,
      taskTtlMs: APPROVAL_TASK_TTL_MS,
      maxLiveTasks: APPROVAL_MAX_LIVE_TASKS,
    };
    this.#server = new PatternTaskServer(options);
    this.#inner = new PatternTaskServer(options);
    this.#validateCallTool = this.#compiler.compile(callToolDefinition.inputSchema);
    this.#approvals =
      services.approvals === undefined
        ? undefined
        : {
            service: services.approvals,
            prefix: services.prefix ?? DEFAULT_PREFIX,
            publicOrigin: services.publicOrigin,
            waitMs: services.approvalWaitMs ?? DEFAULT_APPROVAL_WAIT_MS,
          };
  }

  /** The catalog served now. */
  get catalog(): PublishedCatalog | undefined {
    return this.#catalog;
  }

  /** The revision served now. */
  get revision(): string | undefined {
    return this.#catalog?.revision;
  }

  /**
   * The work {@link apply} would do at once for `catalog`, done ahead in slices that give the
   * event loop back every few milliseconds: each new tool's schemas compiled (the compiler caches
   * them, so registering finds them ready) and, in search mode, the index, which it returns for
   * `apply`. A catalog of a thousand tools costs seconds of compiling and indexing; meanwhile the
   * revision served now goes on answering.
   */
  async prepare(catalog: PublishedCatalog): Promise<CatalogSearch | undefined> {
    if (this.#catalog?.revision === catalog.revision) return undefined;
    await runInSlices(this.#compileSteps(catalog));
    return catalog.delivery === 'search' ? CatalogSearch.buildInSlices(catalog) : undefined;
  }

  *#compileSteps(catalog: PublishedCatalog): Steps<void> {
    for (const tool of catalog.tools) {
      if (this.#tools.get(tool.definition.name)?.operationVersionId === tool.operationVersionId) continue;
      const definition = toolDefinitionOf(tool);
      try {
        this.#compiler.compile(definition.inputSchema);
        if (definition.outputSchema !== undefined) this.#compiler.compile(definition.outputSchema);
      } catch {
        // Registering the tool in apply reports it as it always has.
      }
      yield;
    }
  }

  /**
   * Serves `catalog` from now on; tools whose pinned version changed are replaced. `prebuilt` is
   * its search index when the caller built it ahead (in slices); otherwise it is built here.
   */
  apply(catalog: PublishedCatalog, workspaceId: string, prebuilt?: CatalogSearch): void {
    if (this.#catalog?.revision === catalog.revision) return;
    this.#workspaceId = workspaceId;
    const search = catalog.delivery === 'search';
    const before = this.#catalog?.delivery === 'search' ? this.#inner : this.#server;
    const host = search ? this.#inner : this.#server;
    // Built before anything changes: a catalog the index refuses leaves the old one served.
    const index = !search
      ? undefined
      : prebuilt?.revision === catalog.revision
        ? prebuilt
        : CatalogSearch.build(catalog);
    const next = new Map(catalog.tools.map((tool) => [tool.definition.name, tool]));
    // One list_changed per session for the whole swap, however many tools changed.
    this.#server.batch(() =>
      this.#inner.batch(() => {
        if (before !== host) {
          // The delivery mode changed: every operation moves to the other server.
          for (const name of this.#tools.keys()) before.removeTool(name);
          this.#tools = new Map();
        }
        for (const [name, tool] of this.#tools) {
          if (next.get(name)?.operationVersionId !== tool.operationVersionId) host.removeTool(name);
        }
        for (const [name, tool] of next) {
          if (this.#tools.get(name)?.operationVersionId !== tool.operationVersionId)
            this.#register(host, tool);
        }
        this.#listMetaTools(search);
      }),
    );
    this.#tools = next;
    this.#search = index;
    this.#catalog = catalog;
  }

  /** Serves no tools (the agent was archived or its workspace removed); open sessions are told. */
  withdraw(): void {
    const host = this.#catalog?.delivery === 'search' ? this.#inner : this.#server;
    this.#server.batch(() =>
      this.#inner.batch(() => {
        for (const name of this.#tools.keys()) host.removeTool(name);
        this.#listMetaTools(false);
      }),
    );
    this.#tools = new Map();
    this.#search = undefined;
    this.#catalog = undefined;
  }

  /** Lists `search_tools` and `call_tool` (search mode) or removes them. */
  #listMetaTools(search: boolean): void {
    const listed = this.#server.toolInputSchema(SEARCH_TOOLS) !== undefined;
    if (listed === search) return;
    if (!search) {
      this.#server.removeTool(SEARCH_TOOLS);
      this.#server.removeTool(CALL_TOOL);
      return;
    }
    this.#server.tool(searchToolsDefinition, (args, ctx) =>
      this.#searchTools(args as unknown as SearchToolsArguments, ctx),
    );
    // Its probe is the inner tool's (dispatched there); these patterns answer no probe.
    this.#server.patternTool(callToolDefinition, { patterns: [] }, (args) =>
      this.#callToolRefused(args as unknown as CallToolArguments),
    );
  }

  handle(message: Message, session: Session): Promise<Answer> {
    const answer = this.dispatch(message, session);
    return answer instanceof Promise ? answer : Promise.resolve(answer);
  }

  dispatch(message: Message, session: Session): Answer | Promise<Answer> {
    const method = (message as { method?: unknown }).method;
    if (method === 'tools/call') return this.#call(message, session);
    if (this.#catalog?.delivery === 'search' && typeof method === 'string') {
      // Tasks of search mode are the inner tools' tasks; a cancel may name an inner call.
      if (method.startsWith('tasks/')) return this.#inner.dispatch(message, session);
      if (method === 'notifications/cancelled') this.#inner.dispatch(message, session);
    }
    const answer = this.#server.dispatch(message, session);
    if (method === 'initialize' || method === 'notifications/initialized' || method === 'tools/list') {
      if (answer instanceof Promise)
        return answer.then((settled) => this.#progress(method, session, settled));
      return this.#progress(method, session, answer);
    }
    return answer;
  }

  toolInputSchema(name: string): object | undefined {
    return this.#server.toolInputSchema(name);
  }

  /**
   * Whether a legacy request's `MCP-Protocol-Version` agrees with its session: absent, or the
   * version `initialize` negotiated (an unknown session id is the toolkit's 404 to give).
   */
  protocolVersionAgrees(sessionId: string, version: string): boolean {
    const negotiated = this.#negotiated.get(sessionId);
    return negotiated === undefined || negotiated === version;
  }

  closeSession(session: Session): void {
    if (session.id !== undefined) this.#negotiated.delete(session.id);
    this.#server.closeSession(session);
    this.#inner.closeSession(session);
  }

  cancel(session: Session, requestId: string | number, reason?: unknown): boolean {
    const outer = this.#server.cancel(session, requestId, reason);
    return this.#inner.cancel(session, requestId, reason) || outer;
  }

  #progress(method: string, session: Session, answer: Answer): Answer {
    const ok = answer === undefined || !('error' in answer);
    if (!ok) return answer;
    if (method === 'initialize') {
      initialized(session);
      const version = session.state.protocolVersion;
      if (session.id !== undefined && session.id !== '' && version !== undefined)
        this.#negotiated.set(session.id, version);
    } else if (method === 'notifications/initialized') ready(session);
    else if (session.id !== undefined) listed(session);
    else this.#recordDiscovery();
    return answer;
  }

  #recordDiscovery(): void {
    const scope = requestScope.getStore();
    if (scope?.key === undefined || this.#catalog === undefined) return;
    this.#services.history.recordDiscovery({
      keyId: scope.key.id,
      agentId: this.#catalog.agentId,
      listedAt: new Date(),
    });
  }

  #call(message: Message, session: Session): Answer | Promise<Answer> {
    const started = performance.now();
    const calledAt = new Date();
    const catalog = this.#catalog;
    const scope = requestScope.getStore();
    if (scope !== undefined && session.id !== undefined) this.#sessionOf.set(scope, session);
    const [server, sent] = this.#route(message);
    const answer = server.dispatch(sent, session);
    const finish = (settled: Answer): Answer => {
      this.#record(sent, session, settled, catalog, calledAt, performance.now() - started);
      return settled;
    };
    return answer instanceof Promise ? answer.then(finish) : finish(answer);
  }

  /**
   * Where a `tools/call` goes: a `call_tool` whose arguments are valid, whose revision is the one
   * served and whose tool exists becomes the direct call of that tool on the inner server; any
   * other `call_tool` is answered by the listed one (its schema's error, or the structured
   * refusal, never a probe's patterns). Everything else is the listed server's.
   */
  #route(message: Message): [TaskServer, Message] {
    if (this.#catalog?.delivery !== 'search') return [this.#server, message];
    const params = callToolParams(message);
    const args = params?.['arguments'] ?? {};
    if (params === undefined || typeof args !== 'object' || args === null || Array.isArray(args))
      return [this.#server, message];
    // Validated as the listed server will: control fields out first (its prepareArguments).
    const prepared = prepareToolArguments(args as Record<string, unknown>);
    if (!prepared.ok || !this.#validateCallTool(prepared.arguments).ok) return [this.#server, message];
    const call = prepared.arguments as unknown as CallToolArguments;
    const refusal = callToolRefusal(call, this.#catalog.revision, (name) => this.#tools.has(name), {
      requestId: '',
      traceId: '',
    });
    if (refusal !== undefined)
      return [
        this.#server,
        withoutProbe(message as unknown as Record<string, unknown>, params) as unknown as Message,
      ];
    return [
      this.#inner,
      innerCallMessage(message as unknown as Record<string, unknown>, params, call) as unknown as Message,
    ];
  }

  #record(
    message: Message,
    session: Session,
    answer: Answer,
    catalog: PublishedCatalog | undefined,
    calledAt: Date,
    durationMs: number,
  ): void {
    const scope = requestScope.getStore();
    // No answer: a cancelled call; there is nothing to report to anyone.
    if (scope?.key === undefined || catalog === undefined || answer === undefined) return;
    const params = (message as { params?: { name?: unknown } }).params;
    const tool = typeof params?.name === 'string' ? this.#tools.get(params.name) : undefined;
    let outcome: CallOutcome;
    let errorCode: string | null = null;
    if ('error' in answer) {
      outcome = 'rejected';
      errorCode = tool === undefined ? 'tool_not_found' : 'request_invalid';
    } else if ((answer.result as CallToolResult).isError === true) {
      outcome = 'tool_error';
      // The handler sets the code; a toolkit refusal before the handler is a schema mismatch.
      errorCode = scope.errorCode ?? 'arguments_invalid';
    } else if (this.#pending.has(scope) || this.#tasks.taskOf(scope) !== undefined) {
      // A person decides first (a task's later outcome is the execution's own history row).
      outcome = 'approval_required';
    } else outcome = 'success';
    this.#services.history.record({
      keyId: scope.key.id,
      workspaceId: this.#workspaceId,
      agentId: catalog.agentId,
      agentVersionId: catalog.agentVersionId,
      operationVersionId: tool?.operationVersionId ?? null,
      tool: tool?.definition.name ?? this.#metaToolName(params?.name, catalog),
      era: session.id === undefined ? 'modern' : 'legacy',
      calledAt,
      requestId: scope.requestId,
      traceId: scope.traceId,
      outcome,
      errorCode,
      durationMs,
      handshakeComplete: session.id !== undefined && handshakeComplete(session),
    });
  }

  /** `search_tools` or `call_tool` when the call named one in search mode (history's tool). */
  #metaToolName(name: unknown, catalog: PublishedCatalog): string | null {
    if (catalog.delivery !== 'search') return null;
    return name === SEARCH_TOOLS || name === CALL_TOOL ? name : null;
  }

  #register(server: PatternTaskServer, tool: PublishedTool): void {
    const definition = toolDefinitionOf(tool);
    const patterns = permissionPatternsOf(tool);
    if (tool.definition.approval !== 'required') {
      const handler = (args: Record<string, unknown>, ctx: HandlerContext) => this.#execute(tool, args, ctx);
      if (patterns === undefined) server.tool(definition, handler);
      else server.patternTool(definition, patterns, handler);
    } else if (this.#approvals === undefined) {
      if (patterns === undefined) server.tool(definition, () => this.#refuse(tool));
      else server.patternTool(definition, patterns, () => this.#refuse(tool));
    } else {
      // A task only for clients declaring the extension; the others get a plain result.
      const handler = (args: Record<string, unknown>, ctx: HandlerContext) => this.#approve(tool, args, ctx);
      if (patterns === undefined) server.taskTool(definition, { support: 'optional' }, handler);
      else server.patternTaskTool(definition, { support: 'optional' }, patterns, handler);
    }
  }

  async #searchTools(args: SearchToolsArguments, ctx: HandlerContext): Promise<CallToolResult> {
    const search = this.#search;
    const catalog = this.#catalog;
    if (search === undefined || catalog === undefined) return this.#internal();
    const scope = requestScope.getStore();
    return searchToolsResult(search, args, {
      requestId: scope?.requestId ?? '',
      traceId: scope?.traceId ?? '',
      defaultLimit: catalog.defaultSearchLimit,
      reranker: this.#services.reranker,
      signal: ctx.signal,
      onRerankFailure: (error) =>
        this.#services.onSearchFailure?.({
          workspace: this.workspace,
          agent: this.agent,
          code: 'search_rerank_failed',
          diagnostic: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        }),
    });
  }

  /** A `call_tool` the inner server does not serve: a stale revision or an unknown tool. */
  #callToolRefused(args: CallToolArguments): CallToolResult {
    const scope = requestScope.getStore();
    const refusal = callToolRefusal(args, this.#catalog?.revision, (name) => this.#tools.has(name), {
      requestId: scope?.requestId ?? '',
      traceId: scope?.traceId ?? '',
    });
    if (refusal === undefined) return this.#internal();
    if (scope !== undefined) scope.errorCode = refusal.error_code;
    return toolErrorResult(refusal);
  }

  /** Arguments the toolkit refused (the tool's schema, or {@link prepareToolArguments}). */
  #invalidArguments(invalid: InvalidArguments): CallToolResult {
    const scope = requestScope.getStore();
    if (scope !== undefined) scope.errorCode = 'arguments_invalid';
    return invalidArgumentsResult(invalid, {
      requestId: scope?.requestId ?? '',
      traceId: scope?.traceId ?? '',
    });
  }

  /** A call this endpoint cannot serve as it is now (it never reaches an upstream). */
  #internal(): CallToolResult {
    const scope = requestScope.getStore();
    const error = createToolError('internal', {
      requestId: scope?.requestId ?? '',
      traceId: scope?.traceId ?? '',
    });
    if (scope !== undefined) scope.errorCode = error.error_code;
    return toolErrorResult(error);
  }

  /** No approvals service here: a call of an approval-required tool must never reach the upstream. */
  #refuse(tool: PublishedTool): CallToolResult {
    const scope = requestScope.getStore();
    const error = createToolError('internal', {
      requestId: scope?.requestId ?? '',
      traceId: scope?.traceId ?? '',
      method: tool.definition.binding.method,
    });
    if (scope !== undefined) scope.errorCode = error.error_code;
    return toolErrorResult(error);
  }

  async #execute(
    tool: PublishedTool,
    args: Record<string, unknown>,
    ctx: HandlerContext,
  ): Promise<CallToolResult> {
    const { definition } = tool;
    const services = this.#services;
    const scope = requestScope.getStore();
    const requestId = scope?.requestId ?? '';
    const traceId = scope?.traceId ?? '';
    const outcome = await services.executor.execute(definition.binding, args, {
      workspaceId: this.#workspaceId,
      requestId,
      traceId,
      signal: ctx.signal,
    });
    if (outcome.ok) return outcome.result;
    if (scope !== undefined) scope.errorCode = outcome.error.error_code;
    services.onCallFailure?.({
      requestId,
      tool: definition.name,
      code: outcome.error.error_code,
      diagnostic: outcome.diagnostic,
    });
    return toolErrorResult(outcome.error);
  }

  /** An approval-required tool: never the upstream here; a person's approve runs it. */
  async #approve(
    tool: PublishedTool,
    args: Record<string, unknown>,
    ctx: HandlerContext,
  ): Promise<CallToolResult> {
    const { definition } = tool;
    const scope = requestScope.getStore();
    const catalog = this.#catalog;
    const requestId = scope?.requestId ?? '';
    const traceId = scope?.traceId ?? '';
    // The listener always opens a scope with a key before a tool runs; without one, refuse.
    if (this.#approvals === undefined || scope?.key === undefined || catalog === undefined)
      return this.#refuse(tool);
    const session = this.#sessionOf.get(scope);
    let answer: ApprovalAnswer;
    try {
      answer = await answerApprovalCall(
        this.#approvals,
        {
          workspace: this.workspace,
          agent: this.agent,
          method: definition.binding.method,
          workspaceId: this.#workspaceId,
          agentId: catalog.agentId,
          agentVersionId: catalog.agentVersionId,
          operationVersionId: tool.operationVersionId,
          tool: definition.name,
          arguments: args,
          keyId: scope.key.id,
          requestId,
          traceId,
        },
        ctx,
        {
          taskId: this.#tasks.taskOf(scope),
          tasks: this.#tasks,
          notify:
            session === undefined
              ? undefined
              : (method, params) => session.notify({ jsonrpc: '2.0', method, params }, ctx.requestId),
        },
      );
    } catch (error) {
      // The approval store failed (database): nothing was executed; the operator log says why.
      this.#services.onCallFailure?.({
        requestId,
        tool: definition.name,
        code: 'internal',
        diagnostic: `approval request failed: ${error instanceof Error ? error.name : typeof error}`,
      });
      return this.#refuse(tool);
    }
    if (answer.pending) this.#pending.add(scope);
    if (answer.errorCode !== undefined) scope.errorCode = answer.errorCode;
    return answer.result;
  }
}
