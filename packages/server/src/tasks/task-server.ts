import type { JsonRpcMessage, JsonRpcResponse } from '@mcpforge/wire';
import { McpErrorCode, MetaKey } from '../protocol/index.js';
import type { JsonSchema } from '../schema/index.js';
import { McpServer } from '../server/mcp-server.js';
import type { ServerOptions } from '../server/options.js';
import type { Session } from '../server/session.js';
import type { ToolArgs, ToolDefinition, ToolHandler } from '../server/tool-registry.js';
import { TaskRunner } from './task-runner.js';
import { resolveTaskSettings } from './task-settings.js';
import { MemoryTaskStore, type TaskStore } from './task-store.js';

/** The extension id of SEP-2663 tasks, declared under `capabilities.extensions`. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/**
 * How a tool takes part in tasks: `optional` runs as a task when the client declared the
 * extension (synchronously otherwise), `required` refuses clients without it (-32021).
 * `gatherInputFirst` answers MRTR `input_required` rounds synchronously and becomes a task
 * on the round that brings the answers (MRTR → task composition).
 */
export interface TaskSupport {
  support: 'optional' | 'required';
  gatherInputFirst?: boolean;
}

/** Options of {@link TaskServer}: the server's own, plus where tasks live. */
export interface TaskServerOptions extends ServerOptions {
  /** Task records; default in memory. Replicas behind one endpoint need a shared store. */
  taskStore?: TaskStore | undefined;
  /**
   * How long a task stays retrievable, in ms (at most 2^31 - 1). A task still running or waiting
   * for input then is aborted and its in-memory state freed. Default 10 minutes.
   */
  taskTtlMs?: number | undefined;
  /** Suggested `tasks/get` polling interval. Default 500 ms. */
  taskPollIntervalMs?: number | undefined;
  /**
   * Tasks kept live at once (running or waiting for input, with their call's arguments in
   * memory); beyond it the oldest is cancelled. Default 10,000.
   */
  maxLiveTasks?: number | undefined;
}

type Params = Record<string, unknown>;

function failure(id: unknown, code: number, message: string, data?: unknown): JsonRpcResponse {
  const error = data === undefined ? { code, message } : { code, message, data };
  return { jsonrpc: '2.0', id: id as string | number, error };
}

/**
 * A server definition with the `io.modelcontextprotocol/tasks` extension (2026-07-28): tools
 * registered with {@link taskTool} run in the background for clients that declare the
 * extension, answer `resultType: "task"`, and are driven with `tasks/get`, `tasks/update`
 * (MRTR input while `input_required`) and `tasks/cancel`. Everything else is the plain server.
 */
export class TaskServer extends McpServer {
  readonly #tasks = new Map<string, TaskSupport>();
  readonly #runner: TaskRunner;

  constructor(options: TaskServerOptions) {
    const capabilities = {
      ...options.capabilities,
      extensions: { ...options.capabilities?.extensions, [TASKS_EXTENSION]: {} },
    };
    const settings = resolveTaskSettings(options);
    super({ ...options, capabilities });
    this.#runner = new TaskRunner(this, options.taskStore ?? new MemoryTaskStore(), settings);
  }

  /** Tasks with in-memory state: running, or waiting for input (bounded by `maxLiveTasks`). */
  get liveTasks(): number {
    return this.#runner.liveTasks;
  }

  /** Registers a tool that can run as a task. */
  taskTool<S extends JsonSchema>(
    definition: ToolDefinition<S>,
    support: TaskSupport,
    handler: ToolHandler<ToolArgs<S>>,
  ): this {
    this.tool(definition, handler);
    this.#tasks.set(definition.name, support);
    return this;
  }

  override removeTool(name: string): boolean {
    this.#tasks.delete(name);
    return super.removeTool(name);
  }

  override handle(message: JsonRpcMessage, session: Session): Promise<JsonRpcResponse | undefined> {
    const answer = this.dispatch(message, session);
    return answer instanceof Promise ? answer : Promise.resolve(answer);
  }

  override dispatch(
    message: JsonRpcMessage,
    session: Session,
  ): JsonRpcResponse | undefined | Promise<JsonRpcResponse | undefined> {
    const envelope = message as unknown as Params;
    const method = envelope['method'];
    const id = envelope['id'];
    const params = envelope['params'] as Params | undefined;
    const meta = params?.['_meta'] as Params | undefined;
    if (typeof method !== 'string' || id === undefined || meta?.[MetaKey.protocolVersion] === undefined) {
      return super.dispatch(message, session);
    }
    const capabilities = meta[MetaKey.clientCapabilities] as { extensions?: Params } | undefined;
    const declared = capabilities?.extensions?.[TASKS_EXTENSION] !== undefined;
    switch (method) {
      case 'tasks/get':
      case 'tasks/update':
      case 'tasks/cancel':
        if (!declared) return missingExtension(id);
        return this.#runner.handle(id as string | number, method, params as Params);
      case 'tools/call':
        return this.#toolsCall(message, session, id as string | number, params as Params, declared);
      default:
        return super.dispatch(message, session);
    }
  }

  #toolsCall(
    message: JsonRpcMessage,
    session: Session,
    id: string | number,
    params: Params,
    declared: boolean,
  ): JsonRpcResponse | undefined | Promise<JsonRpcResponse | undefined> {
    const name = params['name'];
    const support = typeof name === 'string' ? this.#tasks.get(name) : undefined;
    if (support === undefined) return super.dispatch(message, session);
    if (!declared)
      return support.support === 'required' ? missingExtension(id) : super.dispatch(message, session);
    if (support.gatherInputFirst === true && params['inputResponses'] === undefined)
      return super.dispatch(message, session);
    return this.#runner.start(id, params);
  }

  /** Runs a `tools/call` to completion or `input_required` on a private session (used by the runner). */
  runOnce(message: JsonRpcMessage, session: Session): Promise<JsonRpcResponse | undefined> {
    return super.handle(message, session);
  }
}

function missingExtension(id: unknown): JsonRpcResponse {
  return failure(
    id,
    McpErrorCode.MissingRequiredClientCapability,
    `This request needs the ${TASKS_EXTENSION} extension`,
    {
      requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
    },
  );
}

/** Build a server definition with the tasks extension. */
export function createTaskServer(options: TaskServerOptions): TaskServer {
  return new TaskServer(options);
}
