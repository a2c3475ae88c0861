import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { CallToolResult } from '@mcpforge/server';
import { GatewayError, invalidField } from '../errors/gateway-error.js';
import { createToolError } from '../errors/tool-error.js';
import type { ExecuteOutcome, Executor } from '../execute/executor.js';
import type { HistoryWriter } from '../history/history-writer.js';
import { newRequestId, newTraceId } from '../http/trace-context.js';
import type { Database, Unlisten } from '../store/database.js';
import { isApprovalId, newApprovalId } from './approval-id.js';
import { type ApprovalLimitOptions, readApprovalLimits } from './approval-limits.js';
import {
  type ApprovalRecord,
  type ApprovalScope,
  type ApprovalStatus,
  isTerminal,
} from './approval-record.js';
import { ApprovalRefusal } from './approval-refusal.js';
import {
  APPROVALS_CHANNEL,
  abandonExhausted,
  type ClaimedApproval,
  claimApproval,
  denyApproval,
  type ExecutionResult,
  expireDue,
  finishApproval,
  getApproval,
  insertOrGetActive,
  type LeaseTerms,
  listApprovals,
  operationBinding,
  type PendingQuota,
  pruneTerminal,
  reclaimOne,
} from './approvals-table.js';
import { approvalFingerprint, withoutControlFields } from './fingerprint.js';
import { previewWithCut } from './preview.js';

export { APPROVALS_CHANNEL } from './approvals-table.js';

/** How long a pending request waits for a person when none is set: a day. */
export const DEFAULT_PENDING_TTL_MS = 24 * 60 * 60 * 1000;
/** Lease of one execution when none is set: well above the 60 s longest upstream timeout. */
export const DEFAULT_LEASE_MS = 5 * 60 * 1000;
/** How often the worker expires and re-claims when none is set. */
export const DEFAULT_SWEEP_MS = 5_000;
/** How often a waiter re-reads its request when none is set (a notification may be lost while the listener reconnects). */
export const DEFAULT_POLL_MS = 2_000;
/** Executions of one request (the first and re-claims) before it is failed rather than run again. */
export const DEFAULT_MAX_ATTEMPTS = 5;
/** Largest `response_payload` kept, as JSON: the executor already caps what it reads. */
export const MAX_RESPONSE_PAYLOAD_BYTES = 1024 * 1024;
/** Longest note a person may attach to a decision. */
export const MAX_NOTE_LENGTH = 2000;
/** Largest page of {@link ApprovalService.list}. */
export const MAX_LIST_LIMIT = 500;
/** The `error_code` of a request failed because its executions kept dying. */
export const ABANDONED_ERROR_CODE = 'approval_attempts_exhausted';

/** Rows one sweep expires or re-claims at most; the next sweep takes the rest. */
const SWEEP_BATCH = 100;
/** Terminal rows one sweep deletes at most (past their retention). */
const PRUNE_BATCH = 1000;

/**
 * Options of {@link ApprovalService}. The limits (approval-limits.ts): `maxPendingPerKey` (50)
 * and `maxPendingPerAgent` (500) pending requests, past them `approval_queue_full`;
 * `maxArgumentsBytes` (64 KiB of JSON), past it `approval_arguments_too_large`; `retentionMs`
 * (90 days after creation), after which the sweep deletes a request that ended.
 */
export interface ApprovalServiceOptions extends ApprovalLimitOptions {
  db: Database;
  executor: Executor;
  history: HistoryWriter;
  /** How long a pending request waits for a person; default 24 h. */
  pendingTtlMs?: number | undefined;
  /** Lease of an execution; default 5 min (above the 60 s max upstream timeout). */
  leaseMs?: number | undefined;
  /** Who this worker is (lease owner); default `${hostname}:${pid}:${random}`. */
  workerId?: string | undefined;
  /** How often the worker expires pending requests and re-claims lapsed leases; default 5 s. */
  sweepMs?: number | undefined;
  /** How often `waitForTerminal` re-reads besides notifications; default 2 s. */
  pollMs?: number | undefined;
  /** Executions of one request before it is failed with `approval_attempts_exhausted`; default 5. */
  maxAttempts?: number | undefined;
  /** A failed periodic sweep (the next one tries again). Default: ignored. */
  onError?: ((error: unknown) => void) | undefined;
  /**
   * An execution that ended failed, with the executor's diagnostic for the operator log (it
   * never holds a secret, an argument value or an upstream body). Default: ignored.
   */
  onExecutionFailure?: ((failure: ExecutionFailure) => void) | undefined;
  /** The clock (tests). */
  now?: (() => Date) | undefined;
}

/** What {@link ApprovalServiceOptions.onExecutionFailure} hears. */
export interface ExecutionFailure {
  approvalId: string;
  requestId: string;
  tool: string;
  code: string;
  diagnostic: string;
}

/** What `request` needs: the identity of the call, its arguments, and who made it. */
export interface ApprovalRequestInput {
  workspaceId: string;
  agentId: string;
  agentVersionId: string;
  operationVersionId: string;
  tool: string;
  arguments: Record<string, unknown>;
  keyId: string;
  requestId: string;
  traceId: string;
}

/** A person's decision. */
export interface ApprovalDecision {
  keyId: string;
  note?: string | undefined;
}

/** A page of the list. */
export interface ApprovalListFilter {
  workspaceId: string;
  agentId?: string | undefined;
  status?: ApprovalStatus | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** The idempotency value of every execution of approval `id`: the same on each attempt. */
export function idempotencyKeyOf(id: string): string {
  return `mcpforge-${id}`;
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`ApprovalService: ${name} must be a positive integer (got ${String(value)})`);
  }
  return value;
}

function readNote(note: string | undefined): string | null {
  if (note === undefined) return null;
  if (typeof note !== 'string' || note.length > MAX_NOTE_LENGTH) {
    throw invalidField('note', `must be a string of at most ${MAX_NOTE_LENGTH} characters`);
  }
  return note;
}

/** What a completed request keeps of the tool result: `structuredContent` and `content`, bounded. */
function completedPayload(result: CallToolResult): unknown {
  const kept: Record<string, unknown> = { content: result.content };
  if (result.structuredContent !== undefined) kept['structuredContent'] = result.structuredContent;
  const bytes = Buffer.byteLength(JSON.stringify(kept), 'utf8');
  if (bytes <= MAX_RESPONSE_PAYLOAD_BYTES) return kept;
  return {
    content: [
      {
        type: 'text',
        text: `the result (${bytes} bytes of JSON) is larger than the ${MAX_RESPONSE_PAYLOAD_BYTES} bytes an approval keeps`,
      },
    ],
    truncated: true,
  };
}

function executionResult(outcome: ExecuteOutcome, completedAt: Date): ExecutionResult {
  if (outcome.ok) {
    return {
      status: 'completed',
      responsePayload: completedPayload(outcome.result),
      errorCode: null,
      completedAt,
    };
  }
  // The gateway's own structured error: a fixed message, never an upstream body.
  const { error } = outcome;
  const payload: Record<string, unknown> = {
    error_code: error.error_code,
    message: error.message,
    // Whether the upstream may have acted: `outcome_unknown` asks a person to reconcile.
    outcome_certainty: error.outcome_certainty,
  };
  if (error.upstream_status !== undefined) payload['upstream_status'] = error.upstream_status;
  return { status: 'failed', responsePayload: payload, errorCode: error.error_code, completedAt };
}

function closedError(): GatewayError {
  return new GatewayError('internal', 'the approval service is closed (the gateway is shutting down)');
}

/**
 * Human approvals: storage, decisions, execution of approved requests, and the worker that
 * expires silent requests and re-claims executions whose worker died.
 *
 * Guarantees: a request is executed at most once per lease (the claim and each re-claim are
 * single guarded statements, and only the lease holder may finish it); a repeated or racing
 * decision changes nothing and returns the current state; an execution that was cut off (its
 * process died) runs again only after its lease lapsed, with the same idempotency value, so it is
 * exactly-once end to end when the upstream honours the operation's idempotency header.
 */
export class ApprovalService {
  readonly #db: Database;
  readonly #executor: Executor;
  readonly #history: HistoryWriter;
  readonly #ttlMs: number;
  readonly #leaseMs: number;
  /** How long one execution may wait for the upstream: the lease less a margin for the bookkeeping. */
  readonly #executionBudgetMs: number;
  readonly #sweepMs: number;
  readonly #pollMs: number;
  readonly #maxAttempts: number;
  readonly #quota: PendingQuota;
  readonly #maxArgumentsBytes: number;
  readonly #retentionMs: number;
  readonly #workerId: string;
  readonly #now: () => Date;
  readonly #onError: (error: unknown) => void;
  readonly #onExecutionFailure: (failure: ExecutionFailure) => void;
  readonly #inFlight = new Set<Promise<unknown>>();
  /** Wake-ups of `waitForTerminal` callers, by approval id. */
  readonly #waiters = new Map<string, Set<() => void>>();
  #listening: Promise<Unlisten | undefined> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #sweeping: Promise<unknown> | undefined;
  #closed = false;

  constructor(options: ApprovalServiceOptions) {
    if (options?.db === undefined || options.executor === undefined || options.history === undefined) {
      throw new TypeError('ApprovalService: db, executor and history are required');
    }
    this.#db = options.db;
    this.#executor = options.executor;
    this.#history = options.history;
    this.#ttlMs = positive('pendingTtlMs', options.pendingTtlMs, DEFAULT_PENDING_TTL_MS);
    this.#leaseMs = positive('leaseMs', options.leaseMs, DEFAULT_LEASE_MS);
    this.#executionBudgetMs = Math.max(1, this.#leaseMs - Math.min(5_000, Math.ceil(this.#leaseMs / 10)));
    this.#sweepMs = positive('sweepMs', options.sweepMs, DEFAULT_SWEEP_MS);
    this.#pollMs = positive('pollMs', options.pollMs, DEFAULT_POLL_MS);
    this.#maxAttempts = positive('maxAttempts', options.maxAttempts, DEFAULT_MAX_ATTEMPTS);
    const limits = readApprovalLimits(options, 'ApprovalService: ');
    this.#quota = { perKey: limits.maxPendingPerKey, perAgent: limits.maxPendingPerAgent };
    this.#maxArgumentsBytes = limits.maxArgumentsBytes;
    this.#retentionMs = limits.retentionMs;
    this.#workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(6).toString('hex')}`;
    if (typeof this.#workerId !== 'string' || this.#workerId === '' || this.#workerId.length > 200) {
      throw new TypeError('ApprovalService: workerId must be a non-empty string of at most 200 characters');
    }
    this.#now = options.now ?? (() => new Date());
    this.#onError = options.onError ?? (() => undefined);
    this.#onExecutionFailure = options.onExecutionFailure ?? (() => undefined);
  }

  /** This worker's lease owner name. */
  get workerId(): string {
    return this.#workerId;
  }

  /**
   * tools/call of an approval:required tool: the active request of this identity, or a new one.
   * Concurrent identical calls create exactly one (unique partial index on fingerprint WHERE
   * status is active). `created` says whether this call made it.
   * @throws ApprovalRefusal `approval_arguments_too_large` (past `maxArgumentsBytes`, checked
   * before anything is stored) or `approval_queue_full` (a new request past the key's or the
   * agent's pending quota; an identical call still gets its active request).
   */
  async request(input: ApprovalRequestInput): Promise<{ record: ApprovalRecord; created: boolean }> {
    if (this.#closed) throw closedError();
    const args = withoutControlFields(input.arguments);
    const bytes = Buffer.byteLength(JSON.stringify(args), 'utf8');
    if (bytes > this.#maxArgumentsBytes) {
      throw new ApprovalRefusal(
        'approval_arguments_too_large',
        `the arguments are ${bytes} bytes of JSON; an approval request keeps at most ${this.#maxArgumentsBytes}`,
      );
    }
    const { preview, truncated } = previewWithCut(args);
    const now = this.#now();
    const outcome = await insertOrGetActive(
      this.#db,
      {
        id: newApprovalId(),
        workspaceId: input.workspaceId,
        agentId: input.agentId,
        agentVersionId: input.agentVersionId,
        operationVersionId: input.operationVersionId,
        tool: input.tool,
        fingerprint: approvalFingerprint({ ...input, arguments: args }),
        arguments: args,
        payloadPreview: preview,
        payloadPreviewTruncated: truncated,
        keyId: input.keyId,
        requestId: input.requestId,
        traceId: input.traceId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + this.#ttlMs),
      },
      this.#quota,
    );
    if ('full' in outcome) {
      throw new ApprovalRefusal(
        'approval_queue_full',
        `the ${outcome.full === 'key' ? 'requesting key' : 'agent'} has ${outcome.pending} requests waiting for a person (at most ${outcome.limit})`,
      );
    }
    return outcome;
  }

  /** The request `id` of `scope`; undefined when there is none (or it belongs to another agent). */
  async get(scope: ApprovalScope, id: string): Promise<ApprovalRecord | undefined> {
    if (!isApprovalId(id)) return undefined;
    return getApproval(this.#db, scope, id);
  }

  /** Newest first. @throws GatewayError `invalid_field` (limit, cursor). */
  async list(filter: ApprovalListFilter): Promise<{ items: ApprovalRecord[]; nextCursor: string | null }> {
    if (!Number.isSafeInteger(filter.limit) || filter.limit < 1 || filter.limit > MAX_LIST_LIMIT) {
      throw invalidField('limit', `must be an integer in 1..${MAX_LIST_LIMIT}`);
    }
    return listApprovals(this.#db, filter);
  }

  /**
   * Claims (pending → executing) and, when this call claimed it, executes the stored arguments
   * upstream and records completed/failed before resolving. Any other state: the current
   * record, nothing executed. An unknown id: undefined.
   */
  async approve(
    scope: ApprovalScope,
    id: string,
    decision: ApprovalDecision,
  ): Promise<ApprovalRecord | undefined> {
    if (!isApprovalId(id)) return undefined;
    const note = readNote(decision.note);
    if (this.#closed) throw closedError();
    const claimed = await claimApproval(this.#db, scope, id, { keyId: decision.keyId, note }, this.#lease());
    if (claimed === undefined) return this.#current(scope, id);
    // Failed in the claim itself (the requester's key revoked, the agent or operation archived): nothing runs.
    if (claimed.record.status !== 'executing') return claimed.record;
    return this.#track(this.#execute(claimed));
  }

  /** pending → denied; any other state: the current record. An unknown id: undefined. */
  async deny(
    scope: ApprovalScope,
    id: string,
    decision: ApprovalDecision,
  ): Promise<ApprovalRecord | undefined> {
    if (!isApprovalId(id)) return undefined;
    const note = readNote(decision.note);
    if (this.#closed) throw closedError();
    const denied = await denyApproval(this.#db, scope, id, { keyId: decision.keyId, note }, this.#now());
    return denied ?? this.#current(scope, id);
  }

  /**
   * Resolves when `id` reaches a terminal state (LISTEN/NOTIFY plus polling every `pollMs`), or
   * with the current record when `signal` aborts or the service closes.
   */
  async waitForTerminal(
    scope: ApprovalScope,
    id: string,
    signal: AbortSignal,
  ): Promise<ApprovalRecord | undefined> {
    if (!isApprovalId(id)) return undefined;
    await this.#listen();
    for (;;) {
      // Subscribed before reading, so a change between the read and the wait is not missed.
      const wake = this.#wakeUp(id, signal);
      try {
        const record = await this.#current(scope, id);
        if (record === undefined || isTerminal(record.status) || signal.aborted || this.#closed)
          return record;
        await wake.promise;
      } finally {
        wake.dispose();
      }
    }
  }

  /**
   * One sweep: expire pending past expiresAt, delete terminal requests past their retention,
   * re-claim executing with lapsed leases and execute them.
   */
  async sweep(): Promise<{ expired: number; reclaimed: number; pruned: number }> {
    if (this.#closed) return { expired: 0, reclaimed: 0, pruned: 0 };
    const now = this.#now();
    const expired = await expireDue(this.#db, now, { limit: SWEEP_BATCH });
    const pruned = await pruneTerminal(this.#db, new Date(now.getTime() - this.#retentionMs), PRUNE_BATCH);
    await abandonExhausted(
      this.#db,
      now,
      this.#maxAttempts,
      { errorCode: ABANDONED_ERROR_CODE, message: `the execution was cut off ${this.#maxAttempts} times` },
      SWEEP_BATCH,
    );
    const executions: Promise<unknown>[] = [];
    while (executions.length < SWEEP_BATCH && !this.#closed) {
      const claimed = await reclaimOne(this.#db, this.#lease());
      if (claimed === undefined) break;
      executions.push(this.#track(this.#execute(claimed)));
    }
    await Promise.allSettled(executions);
    return { expired: expired.length, reclaimed: executions.length, pruned };
  }

  /** Starts the periodic sweep and LISTEN. */
  async start(): Promise<void> {
    if (this.#closed) throw closedError();
    await this.#listen();
    if (this.#timer !== undefined) return;
    this.#timer = setInterval(() => this.#tick(), this.#sweepMs);
    this.#timer.unref();
  }

  /** Stops the sweep and the listener, wakes every waiter, and waits for executions in flight. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    this.#timer = undefined;
    for (const wakes of this.#waiters.values()) for (const wake of wakes) wake();
    while (this.#inFlight.size > 0 || this.#sweeping !== undefined) {
      await Promise.allSettled([...this.#inFlight, this.#sweeping]);
    }
    const listening = this.#listening;
    this.#listening = undefined;
    const unlisten = await listening?.catch(() => undefined);
    await unlisten?.().catch(() => undefined);
  }

  #tick(): void {
    if (this.#sweeping !== undefined || this.#closed) return;
    this.#sweeping = this.sweep()
      .catch((error: unknown) => this.#onError(error))
      .finally(() => {
        this.#sweeping = undefined;
      });
  }

  #lease(): LeaseTerms {
    const now = this.#now();
    return {
      owner: this.#workerId,
      now,
      leaseExpiresAt: new Date(now.getTime() + this.#leaseMs),
      executionRequestId: newRequestId(),
      executionTraceId: newTraceId(),
    };
  }

  /** The current record; a pending one past its expiry is expired first (silence is not consent). */
  async #current(scope: ApprovalScope, id: string): Promise<ApprovalRecord | undefined> {
    const record = await getApproval(this.#db, scope, id);
    if (record?.status !== 'pending') return record;
    const now = this.#now();
    if (record.expiresAt.getTime() > now.getTime()) return record;
    await expireDue(this.#db, now, { scope, id });
    return getApproval(this.#db, scope, id);
  }

  #track<T>(promise: Promise<T>): Promise<T> {
    this.#inFlight.add(promise);
    const done = () => this.#inFlight.delete(promise);
    promise.then(done, done);
    return promise;
  }

  /** Executes a claimed request under its lease, records it in history, and finishes it if the lease still holds. */
  async #execute(claimed: ClaimedApproval): Promise<ApprovalRecord | undefined> {
    const { record } = claimed;
    const requestId = record.executionRequestId ?? newRequestId();
    const traceId = record.executionTraceId ?? newTraceId();
    const calledAt = this.#now();
    const started = performance.now();
    const binding = await operationBinding(this.#db, record.operationVersionId);
    const outcome: ExecuteOutcome =
      binding === undefined
        ? {
            ok: false,
            error: createToolError('internal', { requestId, traceId }),
            diagnostic: `operation version ${record.operationVersionId} is gone`,
          }
        : await this.#executor.execute(binding, claimed.arguments, {
            workspaceId: record.workspaceId,
            requestId,
            traceId,
            idempotencyKey: idempotencyKeyOf(record.id),
            // Never outlive the lease: past it another worker may execute the request again.
            signal: AbortSignal.timeout(this.#executionBudgetMs),
          });
    const result = executionResult(outcome, this.#now());
    if (!outcome.ok) {
      this.#onExecutionFailure({
        approvalId: record.id,
        requestId,
        tool: record.tool,
        code: outcome.error.error_code,
        diagnostic: outcome.diagnostic,
      });
    }
    this.#history.record({
      // The history row is the requester's call, carried out now.
      keyId: record.requestedByKeyId,
      workspaceId: record.workspaceId,
      agentId: record.agentId,
      agentVersionId: record.agentVersionId,
      operationVersionId: record.operationVersionId,
      tool: record.tool,
      era: 'modern',
      calledAt,
      requestId,
      traceId,
      outcome: outcome.ok ? 'success' : 'tool_error',
      errorCode: result.errorCode,
      durationMs: Math.round(performance.now() - started),
      handshakeComplete: false,
    });
    const finished = await finishApproval(
      this.#db,
      record.id,
      { owner: this.#workerId, attempts: record.attempts },
      result,
    );
    // Not finished: the lease lapsed and another worker holds the request now.
    return finished ?? getApproval(this.#db, record, record.id);
  }

  async #listen(): Promise<void> {
    if (this.#closed) return;
    this.#listening ??= this.#db
      .listen(APPROVALS_CHANNEL, (id) => {
        for (const wake of this.#waiters.get(id) ?? []) wake();
      })
      .catch((error: unknown) => {
        // Polling still finds every change; the next wait tries to listen again.
        this.#onError(error);
        this.#listening = undefined;
        return undefined;
      });
    await this.#listening;
  }

  /** A promise that resolves on a change of `id`, after `pollMs`, on abort, or on close. */
  #wakeUp(id: string, signal: AbortSignal): { promise: Promise<void>; dispose: () => void } {
    let wake!: () => void;
    const promise = new Promise<void>((resolve) => {
      wake = resolve;
    });
    let wakes = this.#waiters.get(id);
    if (wakes === undefined) {
      wakes = new Set();
      this.#waiters.set(id, wakes);
    }
    wakes.add(wake);
    const timer = setTimeout(wake, this.#pollMs);
    signal.addEventListener('abort', wake, { once: true });
    return {
      promise,
      dispose: () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', wake);
        const set = this.#waiters.get(id);
        set?.delete(wake);
        if (set?.size === 0) this.#waiters.delete(id);
      },
    };
  }
}
