import type { HostGuardOptions } from '@mcpforge/server/http';
import {
  APPROVAL_LIMIT_NAMES,
  type ApprovalLimitOptions,
  type ApprovalLimits,
  readApprovalLimits,
} from '../approvals/approval-limits.js';
import { DEFAULT_LEASE_MS, DEFAULT_PENDING_TTL_MS, DEFAULT_SWEEP_MS } from '../approvals/approval-service.js';
import { DEFAULT_APPROVAL_WAIT_MS } from '../approvals/mcp/approval-call.js';
import { readPublicOrigin } from '../approvals/mcp/public-origin.js';
import type { ExecutorLimits } from '../execute/options.js';
import type { Environment } from '../execute/request-headers.js';
import type { HistoryWriterOptions } from '../history/history-writer.js';
import { EmbeddingsReranker, type EmbeddingsRerankerOptions } from '../search/rerank/embeddings-reranker.js';
import type { Reranker } from '../search/rerank/reranker.js';

/** Where agent endpoints live: `{prefix}/v1/{workspace}/{agent}`. */
export const DEFAULT_PREFIX = '/mcp';
/**
 * How often cached catalogs are re-read (seed 003's `CRANK_MCP_REFRESH_MS`); allow-lists too,
 * but only while a change notice could be lost (they hear changes by NOTIFY).
 */
export const DEFAULT_CATALOG_REFRESH_MS = 5000;
/**
 * Sustained requests per second per key: far above what a model-driven client sends, low
 * enough that a runaway loop cannot flood the upstreams. `rateLimit: false` turns it off.
 */
export const DEFAULT_RATE_LIMIT_PER_SECOND = 100;
/** Requests a key may send at once before the sustained rate applies. */
export const DEFAULT_RATE_LIMIT_BURST = 200;
/** Keys whose buckets are kept; beyond, the oldest is forgotten (it starts full again). */
export const DEFAULT_RATE_LIMIT_MAX_KEYS = 100_000;

/**
 * Legacy MCP sessions one key may hold: a client opens one or a few; beyond it the key's own
 * least recently used session is closed, never another key's (issue 19, point 3).
 */
export const DEFAULT_SESSIONS_PER_KEY = 100;
/** Legacy MCP sessions one agent's keys may hold together; beyond it the agent's own oldest goes. */
export const DEFAULT_SESSIONS_PER_AGENT = 1_000;
/** Legacy MCP sessions of the whole process (the toolkit's `DEFAULT_MAX_SESSIONS`): the last resort. */
export const DEFAULT_SESSIONS_TOTAL = 10_000;

/**
 * Answer bytes one key's clients may leave unread (queued for a reader that stopped, buffered
 * by node) before its responses that are not read get 1 s, not 30 s, to take a byte.
 */
export const DEFAULT_UNREAD_BYTES_PER_KEY = 16 * 1024 * 1024;
/** The same bound for every client together. */
export const DEFAULT_UNREAD_BYTES_TOTAL = 64 * 1024 * 1024;

/** A structured logger (pino's shape): an object of fields, then a message. */
export interface GatewayLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** The per-key rate limit. */
export interface RateLimitOptions {
  /** @default DEFAULT_RATE_LIMIT_PER_SECOND (100) */
  perSecond?: number | undefined;
  /** @default DEFAULT_RATE_LIMIT_BURST (200) */
  burst?: number | undefined;
  /** @default DEFAULT_RATE_LIMIT_MAX_KEYS (100,000) */
  maxKeys?: number | undefined;
}

/** Bounds of legacy MCP sessions (modern requests hold none). */
export interface SessionOptions {
  /** @default DEFAULT_SESSIONS_PER_KEY (100) */
  perKey?: number | undefined;
  /** @default DEFAULT_SESSIONS_PER_AGENT (1,000) */
  perAgent?: number | undefined;
  /** All sessions of the process; the least recently used goes beyond it. @default DEFAULT_SESSIONS_TOTAL (10,000) */
  max?: number | undefined;
}

/** Bounds of the MCP answers clients leave unread (issue 19: clients that never read). */
export interface UnreadAnswerOptions {
  /** @default DEFAULT_UNREAD_BYTES_PER_KEY (16 MiB) */
  perKey?: number | undefined;
  /** @default DEFAULT_UNREAD_BYTES_TOTAL (64 MiB) */
  total?: number | undefined;
}

/**
 * Human approvals: how long a request waits, how long an execution may hold it, how often the
 * worker looks; and the limits (approval-limits.ts): pending requests per key and per agent,
 * the stored arguments' size, the retention of requests that ended.
 */
export interface ApprovalOptions extends ApprovalLimitOptions {
  /**
   * How long a pending request waits for a person before it expires (silence is not consent).
   * @default DEFAULT_PENDING_TTL_MS (24 h)
   */
  pendingTtlMs?: number | undefined;
  /**
   * How long one execution holds an approved request; past it another worker re-claims and
   * executes it again. Keep it above the longest upstream timeout (60 s), or a slow upstream
   * call can be executed twice.
   * @default DEFAULT_LEASE_MS (5 min)
   */
  leaseMs?: number | undefined;
  /**
   * How often the worker expires pending requests and re-claims lapsed leases.
   * @default DEFAULT_SWEEP_MS (5 s)
   */
  sweepMs?: number | undefined;
  /**
   * Longest wait of a legacy `tools/call` for the person's decision after a URL elicitation
   * (with `publicOrigin`); below the 60 s request timeout of the official SDK clients.
   * @default DEFAULT_APPROVAL_WAIT_MS (50 s)
   */
  waitMs?: number | undefined;
}

/** Search mode (docs/gateway/search.md). */
export interface SearchModeOptions {
  /**
   * Re-orders `search_tools` hits by meaning (queries in another language than the catalog):
   * an OpenAI-compatible embeddings endpoint, or any `Reranker`. Off when absent; a failing
   * re-ranker never fails a search (BM25's order is kept and the operator log says why).
   */
  reranker?: EmbeddingsRerankerOptions | Reranker | undefined;
}

/** Options of `createGateway` (and `startGateway`). Each is checked; a bad value throws naming it. */
export interface GatewayOptions {
  /**
   * Path prefix of the MCP endpoints: `/` then segments, no trailing slash.
   * @default DEFAULT_PREFIX ('/mcp')
   */
  prefix?: string | undefined;
  /** @default DEFAULT_CATALOG_REFRESH_MS (5 s) */
  catalogRefreshMs?: number | undefined;
  /** Per-key token bucket; `false` disables it. */
  rateLimit?: RateLimitOptions | false | undefined;
  /** Per-key, per-agent and total bounds of legacy MCP sessions. */
  sessions?: SessionOptions | undefined;
  /** Per-key and total bounds of the MCP answer bytes clients leave unread. */
  unreadAnswers?: UnreadAnswerOptions | undefined;
  /** History batching. */
  history?: HistoryWriterOptions | undefined;
  /** Limits of upstream calls. */
  upstream?: ExecutorLimits | undefined;
  /**
   * Where `${VAR}` in operations' static headers is read.
   * @default process.env
   */
  env?: Environment | undefined;
  /**
   * DNS-rebinding protection of the MCP endpoints (the toolkit's): the `Host` names the gateway
   * is reached by; `false` turns it off (behind a proxy that checks Host).
   * @default localhost names only
   */
  hostValidation?: HostGuardOptions | false | undefined;
  /** Human approvals of operations with `approval: required`. */
  approvals?: ApprovalOptions | undefined;
  /**
   * The origin clients reach the gateway at (`https://gw.example.com`: scheme, host, port, no
   * path). It makes approval URLs absolute where a host shows them to a person (URL-mode
   * elicitation, task status); without it the MCP result carries paths only.
   */
  publicOrigin?: string | undefined;
  /** Structured logs: catalog reports, failed calls (diagnostics only), background failures. */
  logger?: GatewayLogger | undefined;
  /** Search mode's optional re-ranker. */
  search?: SearchModeOptions | undefined;
}

/** Options with every default filled in. */
export interface ResolvedGatewayOptions {
  prefix: string;
  catalogRefreshMs: number;
  rateLimit: { perSecond: number; burst: number; maxKeys: number } | false;
  sessions: { perKey: number; perAgent: number; max: number };
  unreadAnswers: { perKey: number; total: number };
  history: HistoryWriterOptions;
  upstream: ExecutorLimits;
  env: Environment | undefined;
  hostValidation: HostGuardOptions | false | undefined;
  approvals: { pendingTtlMs: number; leaseMs: number; sweepMs: number; waitMs: number } & ApprovalLimits;
  publicOrigin: string | undefined;
  logger: GatewayLogger;
  search: { reranker: Reranker | undefined };
}

const PREFIX = /^(\/[A-Za-z0-9._~-]+)+$/;

const SILENT: GatewayLogger = { info() {}, warn() {}, error() {} };

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  // NaN, 0 or a negative value would silently turn a limit or a refresh off.
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new RangeError(`${name}: must be a positive number (got ${String(value)})`);
  }
  return value;
}

function integer(name: string, value: number | undefined, fallback: number): number {
  const checked = positive(name, value, fallback);
  if (!Number.isSafeInteger(checked))
    throw new RangeError(`${name}: must be an integer (got ${String(value)})`);
  return checked;
}

const APPROVAL_OPTION_NAMES: readonly string[] = [
  'pendingTtlMs',
  'leaseMs',
  'sweepMs',
  'waitMs',
  ...APPROVAL_LIMIT_NAMES,
];
const SESSION_OPTION_NAMES: readonly string[] = ['perKey', 'perAgent', 'max'];
/** Longest delay a Node timer takes; past it the timer fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function atMost(name: string, value: number, max: number): number {
  if (value > max) throw new RangeError(`${name}: must be at most ${max} (got ${value})`);
  return value;
}

/** Checks `options` and fills the defaults. @throws TypeError, RangeError naming the option. */
export function resolveGatewayOptions(options: GatewayOptions = {}): ResolvedGatewayOptions {
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  if (typeof prefix !== 'string' || !PREFIX.test(prefix)) {
    throw new TypeError(
      `prefix: must look like /mcp (a path without a trailing slash), got ${JSON.stringify(prefix)}`,
    );
  }
  const limit = options.rateLimit;
  if (limit !== undefined && limit !== false && (typeof limit !== 'object' || limit === null)) {
    throw new TypeError('rateLimit: must be an object ({ perSecond, burst }) or false');
  }
  const sessions = options.sessions;
  if (sessions !== undefined && (typeof sessions !== 'object' || sessions === null)) {
    throw new TypeError('sessions: must be an object ({ perKey, perAgent, max })');
  }
  for (const name of Object.keys(sessions ?? {})) {
    if (!SESSION_OPTION_NAMES.includes(name)) {
      throw new TypeError(`sessions.${name}: unknown option (known: ${SESSION_OPTION_NAMES.join(', ')})`);
    }
  }
  const unread = options.unreadAnswers;
  if (unread !== undefined && (typeof unread !== 'object' || unread === null)) {
    throw new TypeError('unreadAnswers: must be an object ({ perKey, total })');
  }
  for (const name of Object.keys(unread ?? {})) {
    if (name !== 'perKey' && name !== 'total') {
      throw new TypeError(`unreadAnswers.${name}: unknown option (known: perKey, total)`);
    }
  }
  const approvals = options.approvals;
  if (approvals !== undefined && (typeof approvals !== 'object' || approvals === null)) {
    throw new TypeError('approvals: must be an object ({ pendingTtlMs, leaseMs, sweepMs })');
  }
  for (const name of Object.keys(approvals ?? {})) {
    // A misspelt duration would silently keep the default (a day of waiting, say).
    if (!APPROVAL_OPTION_NAMES.includes(name)) {
      throw new TypeError(`approvals.${name}: unknown option (known: ${APPROVAL_OPTION_NAMES.join(', ')})`);
    }
  }
  const logger = options.logger ?? SILENT;
  for (const level of ['info', 'warn', 'error'] as const) {
    if (typeof logger[level] !== 'function') throw new TypeError(`logger.${level}: must be a function`);
  }
  return {
    prefix,
    catalogRefreshMs: integer('catalogRefreshMs', options.catalogRefreshMs, DEFAULT_CATALOG_REFRESH_MS),
    rateLimit:
      limit === false
        ? false
        : {
            perSecond: positive('rateLimit.perSecond', limit?.perSecond, DEFAULT_RATE_LIMIT_PER_SECOND),
            burst: integer('rateLimit.burst', limit?.burst, DEFAULT_RATE_LIMIT_BURST),
            maxKeys: integer('rateLimit.maxKeys', limit?.maxKeys, DEFAULT_RATE_LIMIT_MAX_KEYS),
          },
    sessions: {
      perKey: integer('sessions.perKey', sessions?.perKey, DEFAULT_SESSIONS_PER_KEY),
      perAgent: integer('sessions.perAgent', sessions?.perAgent, DEFAULT_SESSIONS_PER_AGENT),
      max: integer('sessions.max', sessions?.max, DEFAULT_SESSIONS_TOTAL),
    },
    unreadAnswers: {
      perKey: integer('unreadAnswers.perKey', unread?.perKey, DEFAULT_UNREAD_BYTES_PER_KEY),
      total: integer('unreadAnswers.total', unread?.total, DEFAULT_UNREAD_BYTES_TOTAL),
    },
    history: options.history ?? {},
    upstream: options.upstream ?? {},
    env: options.env,
    hostValidation: options.hostValidation,
    approvals: {
      pendingTtlMs: integer('approvals.pendingTtlMs', approvals?.pendingTtlMs, DEFAULT_PENDING_TTL_MS),
      leaseMs: integer('approvals.leaseMs', approvals?.leaseMs, DEFAULT_LEASE_MS),
      waitMs: atMost(
        'approvals.waitMs',
        integer('approvals.waitMs', approvals?.waitMs, DEFAULT_APPROVAL_WAIT_MS),
        MAX_TIMER_MS,
      ),
      sweepMs: atMost(
        'approvals.sweepMs',
        integer('approvals.sweepMs', approvals?.sweepMs, DEFAULT_SWEEP_MS),
        MAX_TIMER_MS,
      ),
      ...readApprovalLimits(approvals, 'approvals.'),
    },
    publicOrigin: readPublicOrigin(options.publicOrigin),
    logger,
    search: { reranker: readReranker(options.search) },
  };
}

function readReranker(search: SearchModeOptions | undefined): Reranker | undefined {
  if (search === undefined) return undefined;
  if (typeof search !== 'object' || search === null)
    throw new TypeError('search: must be an object ({ reranker })');
  const reranker = search.reranker;
  if (reranker === undefined) return undefined;
  if (typeof reranker !== 'object' || reranker === null)
    throw new TypeError('search.reranker: must be { url, model } or an object with rerank()');
  if (typeof (reranker as Reranker).rerank === 'function') return reranker as Reranker;
  return new EmbeddingsReranker(reranker as EmbeddingsRerankerOptions);
}
