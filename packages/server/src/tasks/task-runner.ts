import { randomUUID } from 'node:crypto';
import type { JsonRpcId, JsonRpcMessage, JsonRpcResponse } from '@mcpforge/wire';
import { McpErrorCode } from '../protocol/index.js';
import { createSessionState, type Session } from '../server/session.js';
import { type LiveDropReason, LiveTasks } from './live-tasks.js';
import type { TaskSettings } from './task-settings.js';
import { isTerminal, type TaskRecord, type TaskStore } from './task-store.js';

type Params = Record<string, unknown>;

/**
 * What the runner needs of its server (the `TaskServer`, which is not imported so the two
 * files do not depend on each other): run one `tools/call` round, abort one.
 */
export interface TaskHost {
  runOnce(message: JsonRpcMessage, session: Session): Promise<JsonRpcResponse | undefined>;
  cancel(session: Session, requestId: JsonRpcId, reason?: unknown): boolean;
}

/** What the runner keeps beside the stored record for a live task. */
interface LiveTask {
  /** The original `tools/call` params, without MRTR fields. */
  params: Params;
  session: Session | undefined;
  runId: string | undefined;
  /** MRTR state of the round waiting for input. */
  requestState: string | undefined;
  /** Answers collected by `tasks/update` for the round waiting for input. */
  responses: Record<string, unknown>;
  /** True while a handler round runs (false while waiting for input). */
  running: boolean;
}

const ACK = Object.freeze({ resultType: 'complete' });

/** A session for a task's background run: nothing streams, nothing is asked of the client. */
function taskSession(): Session {
  return {
    id: undefined,
    state: createSessionState(),
    notify() {},
    request: () =>
      Promise.reject(new Error('A task cannot send requests to the client; it asks through inputRequests')),
  };
}

/** Runs task tools in the background and answers `tasks/get`, `tasks/update` and `tasks/cancel`. */
export class TaskRunner {
  readonly #server: TaskHost;
  readonly #store: TaskStore;
  readonly #settings: TaskSettings;
  readonly #live: LiveTasks<LiveTask>;

  constructor(server: TaskHost, store: TaskStore, settings: TaskSettings) {
    this.#server = server;
    this.#store = store;
    this.#settings = settings;
    this.#live = new LiveTasks(settings.maxLive, (taskId, live, reason) =>
      this.#dropped(taskId, live, reason),
    );
  }

  /** Tasks with a live entry: running, or waiting for input. */
  get liveTasks(): number {
    return this.#live.size;
  }

  /** Creates the task (durably, before answering) and starts it; answers the `CreateTaskResult`. */
  async start(id: string | number, params: Params): Promise<JsonRpcResponse> {
    const now = new Date().toISOString();
    const record: TaskRecord = {
      taskId: randomUUID(),
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: this.#settings.ttlMs,
      pollIntervalMs: this.#settings.pollIntervalMs,
    };
    await this.#store.create(record);
    const { inputResponses, requestState, task: _hint, ...rest } = params;
    const live: LiveTask = {
      params: rest,
      session: undefined,
      runId: undefined,
      requestState: undefined,
      responses: {},
      running: false,
    };
    this.#live.add(record.taskId, live, record.ttlMs);
    void this.#run(
      record.taskId,
      live,
      inputResponses as Record<string, unknown> | undefined,
      requestState as string | undefined,
    );
    return {
      jsonrpc: '2.0',
      id,
      result: {
        resultType: 'task',
        taskId: record.taskId,
        status: record.status,
        createdAt: record.createdAt,
        lastUpdatedAt: record.lastUpdatedAt,
        ttlMs: record.ttlMs,
        pollIntervalMs: record.pollIntervalMs,
      },
    };
  }

  async handle(id: string | number, method: string, params: Params | undefined): Promise<JsonRpcResponse> {
    const taskId = params?.['taskId'];
    if (typeof taskId !== 'string') return failure(id, 'Invalid params: taskId must be a string');
    const record = await this.#store.get(taskId);
    if (record === undefined) {
      // The store dropped it (expiry, its own cap): nothing can drive it any more.
      this.#release(taskId);
      return failure(id, `Unknown task: ${taskId}`);
    }
    if (method === 'tasks/get') return { jsonrpc: '2.0', id, result: detailed(record) };
    if (method === 'tasks/cancel') {
      if (!isTerminal(record.status)) {
        await this.#store.update(taskId, { status: 'cancelled', statusMessage: 'Cancelled by the client' });
        this.#release(taskId, new Error('Task cancelled'));
      }
      return { jsonrpc: '2.0', id, result: ACK };
    }
    // tasks/update: answers for the round waiting for input; unknown keys are ignored.
    const responses = params?.['inputResponses'];
    if (typeof responses !== 'object' || responses === null || Array.isArray(responses)) {
      return failure(id, 'Invalid params: inputResponses must be an object');
    }
    const live = this.#live.get(taskId);
    if (record.status === 'input_required' && live !== undefined && record.inputRequests !== undefined) {
      const pending = { ...record.inputRequests };
      for (const [key, value] of Object.entries(responses as Record<string, unknown>)) {
        if (key in pending) {
          live.responses[key] = value;
          delete pending[key];
        }
      }
      if (Object.keys(pending).length > 0) {
        await this.#store.update(taskId, { inputRequests: pending });
      } else {
        // `tasks/get` shows inputRequests only while input_required.
        await this.#store.update(taskId, { status: 'working' });
        const answers = live.responses;
        live.responses = {};
        void this.#run(taskId, live, answers, live.requestState);
      }
    }
    return { jsonrpc: '2.0', id, result: ACK };
  }

  async #run(
    taskId: string,
    live: LiveTask,
    inputResponses: Record<string, unknown> | undefined,
    requestState: string | undefined,
  ): Promise<void> {
    const params: Params = { ...live.params };
    if (inputResponses !== undefined) params['inputResponses'] = inputResponses;
    if (requestState !== undefined) params['requestState'] = requestState;
    const session = taskSession();
    const runId = `task-${taskId}-${randomUUID()}`;
    live.session = session;
    live.runId = runId;
    live.running = true;
    let response: JsonRpcResponse | undefined;
    try {
      response = await this.#server.runOnce(
        { jsonrpc: '2.0', id: runId, method: 'tools/call', params },
        session,
      );
    } catch (error) {
      response = {
        jsonrpc: '2.0',
        id: runId,
        error: { code: McpErrorCode.InternalError, message: String(error) },
      };
    }
    live.running = false;
    if (this.#live.get(taskId) !== live) return; // cancelled, expired or evicted meanwhile
    const current = await this.#store.get(taskId);
    if (current === undefined || isTerminal(current.status)) {
      this.#live.delete(taskId);
      return;
    }
    if (response === undefined) {
      await this.#store.update(taskId, { status: 'cancelled' });
    } else if ('error' in response) {
      await this.#store.update(taskId, { status: 'failed', error: response.error });
    } else {
      const result = response.result as Params;
      if (result['resultType'] === 'input_required') {
        live.requestState = result['requestState'] as string | undefined;
        await this.#store.update(taskId, {
          status: 'input_required',
          inputRequests: (result['inputRequests'] ?? {}) as Record<string, unknown>,
        });
        return;
      }
      await this.#store.update(taskId, { status: 'completed', result });
    }
    this.#live.delete(taskId);
  }

  /** Forgets a task's live entry and aborts its handler if one is running. */
  #release(taskId: string, reason?: Error): void {
    const live = this.#live.get(taskId);
    if (live === undefined) return;
    this.#live.delete(taskId);
    this.#abort(live, reason ?? new Error('Task released'));
  }

  #abort(live: LiveTask, reason: Error): void {
    if (live.running && live.session !== undefined && live.runId !== undefined) {
      this.#server.cancel(live.session, live.runId, reason);
    }
  }

  /** A live entry the bound or the expiry dropped: abort its handler; an evicted record says why. */
  #dropped(taskId: string, live: LiveTask, reason: LiveDropReason): void {
    if (reason === 'expired') {
      this.#abort(live, new Error('Task expired'));
      return;
    }
    const message = `Cancelled by the server: more than maxLiveTasks (${this.#settings.maxLive}) tasks were live`;
    this.#abort(live, new Error(message));
    // A store failure here has no caller to reach; the record then expires on its own.
    void (async () => this.#store.update(taskId, { status: 'cancelled', statusMessage: message }))().catch(
      () => {},
    );
  }
}

function failure(id: string | number, message: string): JsonRpcResponse {
  return { jsonrpc: '2.0', id, error: { code: McpErrorCode.InvalidParams, message } };
}

/** The `tasks/get` answer: the record's fields plus what its status carries. */
function detailed(record: TaskRecord): Record<string, unknown> {
  const result: Record<string, unknown> = {
    resultType: 'complete',
    taskId: record.taskId,
    status: record.status,
    createdAt: record.createdAt,
    lastUpdatedAt: record.lastUpdatedAt,
    ttlMs: record.ttlMs,
  };
  if (record.pollIntervalMs !== undefined) result['pollIntervalMs'] = record.pollIntervalMs;
  if (record.statusMessage !== undefined) result['statusMessage'] = record.statusMessage;
  if (record.status === 'completed' && record.result !== undefined) result['result'] = record.result;
  if (record.status === 'failed' && record.error !== undefined) result['error'] = record.error;
  if (record.status === 'input_required' && record.inputRequests !== undefined)
    result['inputRequests'] = record.inputRequests;
  return result;
}
