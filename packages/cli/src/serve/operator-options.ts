import {
  type GatewayLogger,
  type GatewayOptions,
  type ResolvedGatewayOptions,
  resolveGatewayOptions,
} from '@mcpforge/gateway';
import { CliError } from '../cli/cli-error.js';
import type { FlagSpec, FlagValues } from '../cli/flags.js';

/**
 * The gateway options an operator sets on `serve`: the per-key rate limit, the approval
 * durations, the public origin, the catalog refresh interval and search mode's re-ranker. Each flag has an `MCPFORGE_*` variable (a flag beats it);
 * each value is checked here, so a typo is a usage error (exit 2) naming the flag before
 * anything opens.
 * @module
 */

/** The options these flags set, as `startGateway` takes them. */
export type OperatorOptions = Pick<
  GatewayOptions,
  'rateLimit' | 'approvals' | 'publicOrigin' | 'catalogRefreshMs' | 'search'
>;

/** A flag and the variable read when it is not given. */
interface EnvFlag {
  readonly flag: string;
  readonly env: string;
  /** A second variable, read when `env` is not set (the seed's name). */
  readonly fallbackEnv?: string;
}

export const RATE_LIMIT: EnvFlag = { flag: 'rate-limit', env: 'MCPFORGE_RATE_LIMIT' };
export const APPROVAL_TTL: EnvFlag = { flag: 'approval-ttl-ms', env: 'MCPFORGE_APPROVAL_TTL_MS' };
export const APPROVAL_LEASE: EnvFlag = { flag: 'approval-lease-ms', env: 'MCPFORGE_APPROVAL_LEASE_MS' };
export const APPROVAL_WAIT: EnvFlag = { flag: 'approval-wait-ms', env: 'MCPFORGE_APPROVAL_WAIT_MS' };
export const PUBLIC_ORIGIN: EnvFlag = { flag: 'public-origin', env: 'MCPFORGE_PUBLIC_ORIGIN' };
/** Seed 003 names the interval `CRANK_MCP_REFRESH_MS`: accepted, `MCPFORGE_GATEWAY_REFRESH_MS` wins. */
export const REFRESH: EnvFlag = {
  flag: 'refresh-ms',
  env: 'MCPFORGE_GATEWAY_REFRESH_MS',
  fallbackEnv: 'CRANK_MCP_REFRESH_MS',
};

/** Search mode's optional re-ranker: an OpenAI-compatible embeddings endpoint and its model. */
export const RERANKER_URL: EnvFlag = { flag: 'search-reranker-url', env: 'MCPFORGE_SEARCH_RERANKER_URL' };
export const RERANKER_MODEL: EnvFlag = {
  flag: 'search-reranker-model',
  env: 'MCPFORGE_SEARCH_RERANKER_MODEL',
};
/** The endpoint's key: a variable only, so it never sits in a process list or a shell history. */
export const RERANKER_API_KEY_ENV = 'MCPFORGE_SEARCH_RERANKER_API_KEY';

/** The longest upstream timeout an operation may have: a shorter lease can run a slow call twice. */
export const LONGEST_UPSTREAM_TIMEOUT_MS = 60_000;

/** Longest delay a Node timer takes (the gateway refuses a longer wait). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const OPERATOR_FLAGS: readonly FlagSpec[] = [
  {
    name: RATE_LIMIT.flag,
    value: 'N[/BURST]|off',
    description: `per-key token bucket: N requests a second, BURST at once (default 100/200; N alone: BURST 2N); off disables it (or ${RATE_LIMIT.env})`,
    example: '50/100',
  },
  {
    name: APPROVAL_TTL.flag,
    value: 'MS',
    description: `how long a pending approval waits for a person before it expires (default 86400000, 24 h; or ${APPROVAL_TTL.env})`,
    example: '3600000',
  },
  {
    name: APPROVAL_LEASE.flag,
    value: 'MS',
    description: `how long one execution holds an approved request before another worker re-claims it (default 300000; keep it above 60000; or ${APPROVAL_LEASE.env})`,
    example: '300000',
  },
  {
    name: APPROVAL_WAIT.flag,
    value: 'MS',
    description: `longest wait of a call for the decision after a URL elicitation (default 50000; or ${APPROVAL_WAIT.env})`,
    example: '50000',
  },
  {
    name: PUBLIC_ORIGIN.flag,
    value: 'URL',
    description: `origin clients reach the gateway at, for absolute approval links (or ${PUBLIC_ORIGIN.env})`,
    example: 'https://gateway.example.com',
  },
  {
    name: REFRESH.flag,
    value: 'MS',
    description: `how often each catalog served is re-read, besides at once on a publish (LISTEN/NOTIFY) (default 5000; or ${REFRESH.env}, or ${REFRESH.fallbackEnv})`,
    example: '5000',
  },
  {
    name: RERANKER_URL.flag,
    value: 'URL',
    description: `search mode: re-order search_tools hits by meaning with this OpenAI-compatible embeddings endpoint (off by default; with --${RERANKER_MODEL.flag}; its key from ${RERANKER_API_KEY_ENV}; or ${RERANKER_URL.env})`,
    example: 'http://127.0.0.1:8080/v1/embeddings',
  },
  {
    name: RERANKER_MODEL.flag,
    value: 'NAME',
    description: `the model the embeddings endpoint is asked for (or ${RERANKER_MODEL.env})`,
    example: 'text-embedding-3-small',
  },
];

/** The flag's value, else a non-blank variable, with the name to put in a message. */
function given(flags: FlagValues, env: Readonly<Record<string, string | undefined>>, spec: EnvFlag) {
  const flag = flags[spec.flag];
  if (typeof flag === 'string') return { text: flag, source: `--${spec.flag}`, sep: ' ' };
  for (const name of spec.fallbackEnv === undefined ? [spec.env] : [spec.env, spec.fallbackEnv]) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') return { text: value.trim(), source: name, sep: '=' };
  }
  return undefined;
}

const WHOLE = /^[0-9]+$/;

function wholePositive(text: string, source: string, sep: string, example: string, max: number): number {
  const value = WHOLE.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value <= 0 || value > max) {
    throw new CliError(
      'invalid_value',
      `${source} takes a whole number of milliseconds from 1 to ${max}, e.g. ${source}${sep}${example}; got '${text}'`,
    );
  }
  return value;
}

/**
 * `N`, `N/BURST` or `off`. N may have a fraction (0.5: one request every two seconds); BURST
 * is whole. Without BURST, the bucket holds two seconds' worth, as the defaults do (100/200).
 */
export function readRateLimit(text: string, source: string, sep = ' '): GatewayOptions['rateLimit'] {
  if (text.trim().toLowerCase() === 'off') return false;
  const match = /^\s*([0-9]+(?:\.[0-9]+)?)\s*(?:\/\s*([0-9]+)\s*)?$/.exec(text);
  const perSecond = match === null ? Number.NaN : Number(match[1]);
  const burst = match?.[2] === undefined ? Math.max(1, Math.ceil(perSecond * 2)) : Number(match[2]);
  if (!(perSecond > 0) || !Number.isFinite(perSecond) || !Number.isSafeInteger(burst) || burst <= 0) {
    throw new CliError(
      'invalid_value',
      `${source} takes N or N/BURST requests per second per key (N > 0, BURST a whole number > 0) or off, e.g. ${source}${sep}50/100 or ${source}${sep}off; got '${text}'`,
    );
  }
  return { perSecond, burst };
}

/**
 * Reads the operator flags (or their variables) into gateway options, each checked.
 * @throws CliError `invalid_value` naming the flag or the variable.
 */
export function readOperatorOptions(
  flags: FlagValues,
  env: Readonly<Record<string, string | undefined>>,
): OperatorOptions {
  const options: { -readonly [K in keyof OperatorOptions]: OperatorOptions[K] } = {};
  const rate = given(flags, env, RATE_LIMIT);
  if (rate !== undefined) options.rateLimit = readRateLimit(rate.text, rate.source, rate.sep);
  const approvals: NonNullable<GatewayOptions['approvals']> = {};
  const ttl = given(flags, env, APPROVAL_TTL);
  if (ttl !== undefined)
    approvals.pendingTtlMs = wholePositive(ttl.text, ttl.source, ttl.sep, '3600000', Number.MAX_SAFE_INTEGER);
  const lease = given(flags, env, APPROVAL_LEASE);
  if (lease !== undefined)
    approvals.leaseMs = wholePositive(lease.text, lease.source, lease.sep, '300000', Number.MAX_SAFE_INTEGER);
  const wait = given(flags, env, APPROVAL_WAIT);
  if (wait !== undefined)
    approvals.waitMs = wholePositive(wait.text, wait.source, wait.sep, '50000', MAX_TIMER_MS);
  if (Object.keys(approvals).length > 0) options.approvals = approvals;
  const refresh = given(flags, env, REFRESH);
  if (refresh !== undefined)
    options.catalogRefreshMs = wholePositive(refresh.text, refresh.source, refresh.sep, '5000', MAX_TIMER_MS);
  const reranker = readReranker(flags, env);
  if (reranker !== undefined) options.search = { reranker };
  const origin = given(flags, env, PUBLIC_ORIGIN);
  if (origin !== undefined) {
    try {
      options.publicOrigin = resolveGatewayOptions({ publicOrigin: origin.text }).publicOrigin;
    } catch {
      throw new CliError(
        'invalid_value',
        `${origin.source} takes an http(s) origin without a path, e.g. ${origin.source}${origin.sep}https://gateway.example.com; got '${origin.text}'`,
      );
    }
  }
  // The gateway's own check, as a backstop for anything the reads above let through.
  try {
    resolveGatewayOptions(options);
  } catch (error) {
    throw new CliError('invalid_value', `gateway options: ${(error as Error).message}`);
  }
  return options;
}

/** The re-ranker's endpoint: both the URL and the model, or neither. */
function readReranker(
  flags: FlagValues,
  env: Readonly<Record<string, string | undefined>>,
): { url: string; model: string; apiKey?: string } | undefined {
  const url = given(flags, env, RERANKER_URL);
  const model = given(flags, env, RERANKER_MODEL);
  if (url === undefined && model === undefined) return undefined;
  if (url === undefined || model === undefined) {
    const [missing, present] =
      url === undefined ? [RERANKER_URL, model?.source] : [RERANKER_MODEL, url.source];
    throw new CliError(
      'invalid_value',
      `${present} needs --${missing.flag} (or ${missing.env}) too: the re-ranker takes an embeddings endpoint and a model`,
    );
  }
  let parsed: URL | undefined;
  try {
    parsed = new URL(url.text);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new CliError(
      'invalid_value',
      `${url.source} takes an http(s) URL of an embeddings endpoint, e.g. ${url.source}${url.sep}http://127.0.0.1:8080/v1/embeddings; got '${url.text}'`,
    );
  }
  const apiKey = env[RERANKER_API_KEY_ENV]?.trim();
  return { url: url.text, model: model.text, ...(apiKey ? { apiKey } : {}) };
}

/** A lease shorter than the longest upstream timeout lets a slow approved call run twice: said once at start. */
export function warnShortLease(options: OperatorOptions, logger: GatewayLogger): void {
  const lease = options.approvals?.leaseMs;
  if (lease === undefined || lease >= LONGEST_UPSTREAM_TIMEOUT_MS) return;
  logger.warn(
    { code: 'APPROVAL_LEASE_SHORT', leaseMs: lease },
    `the approval lease (${lease} ms, --approval-lease-ms or ${APPROVAL_LEASE.env}) is below the longest upstream timeout (${LONGEST_UPSTREAM_TIMEOUT_MS} ms): an approved call slower than the lease can be executed twice`,
  );
}

/** What `serve --json` reports of these options: the values in effect, defaults included. */
export interface OperatorSettings {
  rateLimit: { perSecond: number; burst: number } | 'off';
  approvals: { pendingTtlMs: number; leaseMs: number; waitMs: number };
  publicOrigin?: string | undefined;
  /** How often each served catalog is re-read (besides LISTEN/NOTIFY). */
  catalogRefreshMs: number;
  /** Whether search mode re-ranks hits with an embeddings endpoint (its URL and key are not echoed). */
  searchReranker: boolean;
}

export function operatorSettings(resolved: ResolvedGatewayOptions): OperatorSettings {
  const { rateLimit, approvals, publicOrigin, catalogRefreshMs, search } = resolved;
  return {
    rateLimit: rateLimit === false ? 'off' : { perSecond: rateLimit.perSecond, burst: rateLimit.burst },
    approvals: { pendingTtlMs: approvals.pendingTtlMs, leaseMs: approvals.leaseMs, waitMs: approvals.waitMs },
    ...(publicOrigin === undefined ? {} : { publicOrigin }),
    catalogRefreshMs,
    searchReranker: search.reranker !== undefined,
  };
}
