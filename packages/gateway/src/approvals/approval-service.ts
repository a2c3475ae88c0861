import type { Executor } from '../execute/executor.js';
import type { HistoryWriter } from '../history/history-writer.js';
import type { Database } from '../store/database.js';
import type { ApprovalRecord, ApprovalScope, ApprovalStatus } from './approval-record.js';

/** How long a pending request waits for a person when none is set: a day. */
export const DEFAULT_PENDING_TTL_MS = 24 * 60 * 60 * 1000;
/** Lease of one execution when none is set: well above the 60 s longest upstream timeout. */
export const DEFAULT_LEASE_MS = 5 * 60 * 1000;
/** How often the worker expires and re-claims when none is set. */
export const DEFAULT_SWEEP_MS = 5_000;
/** The channel every state change is announced on (payload: the approval id). */
export const APPROVALS_CHANNEL = 'mcpforge_approvals';

/** Options of {@link ApprovalService}. */
export interface ApprovalServiceOptions {
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
  /** The clock (tests). */
  now?: (() => Date) | undefined;
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

function notImplemented(): never {
  throw new Error('not implemented');
}

/** Human approvals: storage, decisions, execution of approved requests, and the sweep worker. */
export class ApprovalService {
  constructor(options: ApprovalServiceOptions) {
    void options;
  }

  /**
   * tools/call of an approval:required tool: the active request of this identity, or a new one.
   * Concurrent identical calls create exactly one. `created` says whether this call made it.
   */
  async request(input: ApprovalRequestInput): Promise<{ record: ApprovalRecord; created: boolean }> {
    void input;
    return notImplemented();
  }

  async get(scope: ApprovalScope, id: string): Promise<ApprovalRecord | undefined> {
    void scope;
    void id;
    return notImplemented();
  }

  async list(filter: ApprovalListFilter): Promise<{ items: ApprovalRecord[]; nextCursor: string | null }> {
    void filter;
    return notImplemented();
  }

  /**
   * Claims (pending → executing) and, when this call claimed it, executes the stored arguments
   * upstream and records completed/failed before resolving. Any other state: the current record,
   * nothing executed. An unknown id: undefined.
   */
  async approve(
    scope: ApprovalScope,
    id: string,
    decision: ApprovalDecision,
  ): Promise<ApprovalRecord | undefined> {
    void scope;
    void id;
    void decision;
    return notImplemented();
  }

  async deny(
    scope: ApprovalScope,
    id: string,
    decision: ApprovalDecision,
  ): Promise<ApprovalRecord | undefined> {
    void scope;
    void id;
    void decision;
    return notImplemented();
  }

  /** Resolves when `id` is terminal, or with the current record when `signal` aborts. */
  async waitForTerminal(
    scope: ApprovalScope,
    id: string,
    signal: AbortSignal,
  ): Promise<ApprovalRecord | undefined> {
    void scope;
    void id;
    void signal;
    return notImplemented();
  }

  /** One sweep: expire pending past expiresAt, re-claim executing with lapsed leases and execute them. */
  async sweep(): Promise<{ expired: number; reclaimed: number }> {
    return notImplemented();
  }

  /** Starts the periodic sweep and LISTEN. */
  async start(): Promise<void> {
    return notImplemented();
  }

  /** Stops it; waits for executions in flight. */
  async close(): Promise<void> {
    return notImplemented();
  }
}
