/**
 * Durable-enough task records for the `io.modelcontextprotocol/tasks` extension. The
 * interface may answer with promises so a database can back it.
 */

/** Task statuses; the last three are terminal. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** One task as stored. Times are ISO-8601 strings, as sent on the wire. */
export interface TaskRecord {
  taskId: string;
  status: TaskStatus;
  createdAt: string;
  lastUpdatedAt: string;
  /** How long the task stays retrievable after creation, in ms. */
  ttlMs: number;
  pollIntervalMs?: number;
  statusMessage?: string;
  /** The original result, once `completed`. */
  result?: unknown;
  /** The JSON-RPC error, once `failed`. */
  error?: { code: number; message: string; data?: unknown };
  /** Outstanding input requests while `input_required`. */
  inputRequests?: Record<string, unknown>;
}

/** A pluggable task store. */
export interface TaskStore {
  create(record: TaskRecord): void | Promise<void>;
  get(taskId: string): TaskRecord | undefined | Promise<TaskRecord | undefined>;
  /** Applies a patch and bumps `lastUpdatedAt`; returns the updated record, or `undefined` if unknown. */
  update(
    taskId: string,
    patch: Partial<Omit<TaskRecord, 'taskId' | 'createdAt'>>,
  ): TaskRecord | undefined | Promise<TaskRecord | undefined>;
  delete(taskId: string): void | Promise<void>;
  readonly size: number;
  close(): void;
}

/** Whether a status is final. */
export function isTerminal(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** Records the in-memory store holds by default: room for a busy TTL window, still a bounded memory. */
export const DEFAULT_MAX_TASKS = 10_000;

export interface MemoryTaskStoreOptions {
  /** Maximum tasks held; the oldest are dropped beyond it. Default 10,000. */
  maxTasks?: number | undefined;
  now?: (() => number) | undefined;
}

/** In-memory default: drops tasks past their TTL (lazily and on a timer) and beyond a count. */
export class MemoryTaskStore implements TaskStore {
  readonly #tasks = new Map<string, { record: TaskRecord; expiresAt: number }>();
  readonly #max: number;
  readonly #now: () => number;
  readonly #timer: ReturnType<typeof setInterval>;

  constructor(options: MemoryTaskStoreOptions = {}) {
    this.#max = options.maxTasks ?? DEFAULT_MAX_TASKS;
    this.#now = options.now ?? Date.now;
    this.#timer = setInterval(() => this.sweep(), 30_000);
    this.#timer.unref();
  }

  get size(): number {
    return this.#tasks.size;
  }

  create(record: TaskRecord): void {
    this.#tasks.set(record.taskId, { record, expiresAt: this.#now() + record.ttlMs });
    while (this.#tasks.size > this.#max) this.#tasks.delete(this.#tasks.keys().next().value as string);
  }

  get(taskId: string): TaskRecord | undefined {
    const entry = this.#tasks.get(taskId);
    if (entry === undefined) return undefined;
    if (this.#now() > entry.expiresAt) {
      this.#tasks.delete(taskId);
      return undefined;
    }
    return entry.record;
  }

  update(taskId: string, patch: Partial<Omit<TaskRecord, 'taskId' | 'createdAt'>>): TaskRecord | undefined {
    const record = this.get(taskId);
    if (record === undefined) return undefined;
    Object.assign(record, patch, { lastUpdatedAt: new Date(this.#now()).toISOString() });
    return record;
  }

  delete(taskId: string): void {
    this.#tasks.delete(taskId);
  }

  sweep(): void {
    const now = this.#now();
    for (const [id, entry] of this.#tasks) if (now > entry.expiresAt) this.#tasks.delete(id);
  }

  close(): void {
    clearInterval(this.#timer);
    this.#tasks.clear();
  }
}
