/**
 * The bounds on what approval requests may hold (issue 19): how many may wait for a person per
 * requesting key and per agent, how large the stored arguments may be, and how long a request
 * that ended is kept. Gateway options `approvals.*` (and so `serve`'s option object) set them;
 * each is checked here and a bad value throws naming it.
 * @module
 */

/** Requests of one key waiting for a person at once; a new one past it is refused with `approval_queue_full`. */
export const DEFAULT_MAX_PENDING_PER_KEY = 50;
/** Requests of one agent waiting for a person at once, all its keys together. */
export const DEFAULT_MAX_PENDING_PER_AGENT = 500;
/** Largest arguments an approval request stores, as UTF-8 JSON: 64 KiB; past it `approval_arguments_too_large`. */
export const DEFAULT_MAX_ARGUMENTS_BYTES = 64 * 1024;
/** How long a request that ended (completed, failed, denied, expired) is kept after its creation: 90 days. */
export const DEFAULT_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

/** The limits as options: each optional, a positive integer. */
export interface ApprovalLimitOptions {
  /** @default DEFAULT_MAX_PENDING_PER_KEY (50) */
  maxPendingPerKey?: number | undefined;
  /** @default DEFAULT_MAX_PENDING_PER_AGENT (500) */
  maxPendingPerAgent?: number | undefined;
  /** @default DEFAULT_MAX_ARGUMENTS_BYTES (64 KiB) */
  maxArgumentsBytes?: number | undefined;
  /** @default DEFAULT_RETENTION_MS (90 days) */
  retentionMs?: number | undefined;
}

/** The limits in effect. */
export interface ApprovalLimits {
  maxPendingPerKey: number;
  maxPendingPerAgent: number;
  maxArgumentsBytes: number;
  retentionMs: number;
}

/** The option names, for a check of misspelt ones. */
export const APPROVAL_LIMIT_NAMES: readonly (keyof ApprovalLimits)[] = [
  'maxPendingPerKey',
  'maxPendingPerAgent',
  'maxArgumentsBytes',
  'retentionMs',
];

const DEFAULTS: ApprovalLimits = {
  maxPendingPerKey: DEFAULT_MAX_PENDING_PER_KEY,
  maxPendingPerAgent: DEFAULT_MAX_PENDING_PER_AGENT,
  maxArgumentsBytes: DEFAULT_MAX_ARGUMENTS_BYTES,
  retentionMs: DEFAULT_RETENTION_MS,
};

/**
 * The limits of `options` with the defaults filled in; `prefix` starts each option's name in a
 * message (`approvals.`). @throws RangeError naming the option when a value is not a positive integer.
 */
export function readApprovalLimits(options: ApprovalLimitOptions | undefined, prefix = ''): ApprovalLimits {
  const limits = { ...DEFAULTS };
  for (const name of APPROVAL_LIMIT_NAMES) {
    const value = options?.[name];
    if (value === undefined) continue;
    // 0, NaN or a fraction would silently turn a bound off or make it meaningless.
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
      throw new RangeError(`${prefix}${name}: must be a positive integer (got ${String(value)})`);
    }
    limits[name] = value;
  }
  return limits;
}
