import type { TaskRecord, TaskStore } from '@mcpforge/server/tasks';
import { MemoryTaskStore } from '@mcpforge/server/tasks';
import { type RequestScope, requestScope } from '../../mcp/request-scope.js';

/**
 * The task store of one agent endpoint (the toolkit's in-memory store, so per process): it
 * binds each task to the key that created it, and tells the approval handler which task it
 * runs in. The toolkit creates a task in the `tools/call` request's own async context and runs
 * the handler there too, so the request's {@link RequestScope} links the two.
 * @module
 */
export class ApprovalTaskStore implements TaskStore {
  readonly #inner: MemoryTaskStore;
  /** Keyed by the stored record itself, so an owner goes when the inner store drops its task. */
  readonly #owners = new WeakMap<TaskRecord, string>();
  readonly #taskOfScope = new WeakMap<RequestScope, string>();

  constructor(inner: MemoryTaskStore = new MemoryTaskStore()) {
    this.#inner = inner;
  }

  get size(): number {
    return this.#inner.size;
  }

  /** The task created by the `tools/call` of `scope`, if that call became a task. */
  taskOf(scope: RequestScope): string | undefined {
    return this.#taskOfScope.get(scope);
  }

  create(record: TaskRecord): void {
    const scope = requestScope.getStore();
    this.#inner.create(record);
    if (scope?.key !== undefined) {
      this.#owners.set(record, scope.key.id);
      this.#taskOfScope.set(scope, record.taskId);
    }
  }

  /** A task of another key is unknown (task ids are unguessable; this binds them as well). */
  get(taskId: string): TaskRecord | undefined {
    const record = this.#inner.get(taskId);
    if (record === undefined) return undefined;
    const owner = this.#owners.get(record);
    const key = requestScope.getStore()?.key?.id;
    return owner === undefined || key === undefined || owner === key ? record : undefined;
  }

  update(taskId: string, patch: Partial<Omit<TaskRecord, 'taskId' | 'createdAt'>>): TaskRecord | undefined {
    return this.#inner.update(taskId, patch);
  }

  delete(taskId: string): void {
    this.#inner.delete(taskId);
  }

  close(): void {
    this.#inner.close();
  }
}
