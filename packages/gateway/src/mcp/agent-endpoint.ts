import type { CallToolResult, HandlerContext, Session } from '@mcpforge/server';
import type { HttpServable } from '@mcpforge/server/http';
import { createTaskServer, type TaskServer } from '@mcpforge/server/tasks';
import type { ApprovalService } from '../approvals/approval-service.js';
import {
  type ApprovalAnswer,
  type ApprovalSurfaces,
  answerApprovalCall,
  DEFAULT_APPROVAL_WAIT_MS,
} from '../approvals/mcp/approval-call.js';
import { approvalOutputSchema } from '../approvals/mcp/approval-result.js';
import { ApprovalTaskStore } from '../approvals/mcp/approval-task-store.js';
import type { PublishedCatalog, PublishedTool } from '../catalog/published-catalog.js';
import { createToolError, toolErrorResult } from '../errors/tool-error.js';
import type { Executor } from '../execute/executor.js';
import type { CallOutcome } from '../history/history-table.js';
import type { HistoryWriter } from '../history/history-writer.js';
import { DEFAULT_PREFIX } from '../http/options.js';
import { type RequestScope, requestScope } from './request-scope.js';
import { handshakeComplete, initialized, listed, ready } from './session-progress.js';

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
}

/**
 * One agent's MCP server: a toolkit server holding the agent's published tools, kept for the
 * agent's life in this process. A new catalog revision swaps the tools that changed in place,
 * so sessions open on it stay open and get `notifications/tools/list_changed` (the toolkit
 * sends one per tool added or removed). As the transport's servable it also records each
 * `tools/call` in history and how far each legacy session went through the handshake.
 * A tool with `approval: required` never calls its upstream here: `approvals/mcp` answers it
 * (a task, a URL elicitation, or the plain `approval_required` result; docs/gateway/approvals-mcp.md).
 */
export class AgentEndpoint implements HttpServable {
  readonly workspace: string;
  readonly agent: string;
  readonly #services: EndpointServices;
  readonly #server: TaskServer;
  readonly #tasks = new ApprovalTaskStore();
  readonly #approvals: ApprovalSurfaces | undefined;
  /** Calls of this endpoint that answered `approval_required` (or became a waiting task). */
  readonly #pending = new WeakSet<RequestScope>();
  /** The legacy session of a call, for the notifications an approval sends on its stream. */
  readonly #sessionOf = new WeakMap<RequestScope, Session>();
  #catalog: PublishedCatalog | undefined;
  #workspaceId = '';
  #tools = new Map<string, PublishedTool>();
  /** Legacy sessions by id: the version their `initialize` negotiated. */
  readonly #negotiated = new Map<string, string>();

  constructor(workspace: string, agent: string, services: EndpointServices) {
    this.workspace = workspace;
    this.agent = agent;
    this.#services = services;
    // Tasks (per process, in memory) serve approval-required tools to clients declaring them.
    this.#server = createTaskServer({
      name: `mcpforge-gateway/${workspace}/${agent}`,
      version: services.serverVersion,
      // Declared even while the catalog is empty, so a client knows to listen for a change.
      capabilities: { tools: { listChanged: true } },
      taskStore: this.#tasks,
      taskTtlMs: APPROVAL_TASK_TTL_MS,
      maxLiveTasks: APPROVAL_MAX_LIVE_TASKS,
    });
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

  /** Serves `catalog` from now on; tools whose pinned version changed are replaced. */
  apply(catalog: PublishedCatalog, workspaceId: string): void {
    if (this.#catalog?.revision === catalog.revision) return;
    this.#workspaceId = workspaceId;
    const next = new Map(catalog.tools.map((tool) => [tool.definition.name, tool]));
    // One list_changed per session for the whole swap, however many tools changed.
    this.#server.batch(() => {
      for (const [name, tool] of this.#tools) {
        if (next.get(name)?.operationVersionId !== tool.operationVersionId) this.#server.removeTool(name);
      }
      for (const [name, tool] of next) {
        if (this.#tools.get(name)?.operationVersionId !== tool.operationVersionId) this.#register(tool);
      }
    });
    this.#tools = next;
    this.#catalog = catalog;
  }

  /** Serves no tools (the agent was archived or its workspace removed); open sessions are told. */
  withdraw(): void {
    this.#server.batch(() => {
      for (const name of this.#tools.keys()) this.#server.removeTool(name);
    });
    this.#tools = new Map();
    this.#catalog = undefined;
  }

  handle(message: Message, session: Session): Promise<Answer> {
    const answer = this.dispatch(message, session);
    return answer instanceof Promise ? answer : Promise.resolve(answer);
  }

  dispatch(message: Message, session: Session): Answer | Promise<Answer> {
    const method = (message as { method?: unknown }).method;
    if (method === 'tools/call') return this.#call(message, session);
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
  }

  cancel(session: Session, requestId: string | number, reason?: unknown): boolean {
    return this.#server.cancel(session, requestId, reason);
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
    const answer = this.#server.dispatch(message, session);
    const finish = (settled: Answer): Answer => {
      this.#record(message, session, settled, catalog, calledAt, performance.now() - started);
      return settled;
    };
    return answer instanceof Promise ? answer.then(finish) : finish(answer);
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
      tool: tool?.definition.name ?? null,
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

  #register(tool: PublishedTool): void {
    const { definition } = tool;
    const needsApproval = definition.approval === 'required';
    const toolDefinition = {
      name: definition.name,
      title: definition.title,
      description: definition.description,
      inputSchema: definition.inputSchema,
      outputSchema: needsApproval ? approvalOutputSchema(definition.outputSchema) : definition.outputSchema,
      annotations: definition.annotations,
    };
    if (!needsApproval) {
      this.#server.tool(toolDefinition, (args, ctx) => this.#execute(tool, args, ctx));
    } else if (this.#approvals === undefined) {
      this.#server.tool(toolDefinition, () => this.#refuse(tool));
    } else {
      // A task only for clients declaring the extension; the others get a plain result.
      this.#server.taskTool(toolDefinition, { support: 'optional' }, (args, ctx) =>
        this.#approve(tool, args, ctx),
      );
    }
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
