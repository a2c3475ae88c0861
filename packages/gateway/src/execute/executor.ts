import type { CallToolResult } from '@mcpforge/server';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  MAX_RESPONSE_BYTES_LIMIT,
  MAX_TIMEOUT_MS,
  type RestBinding,
} from '../catalog/rest-binding.js';
import { findUpstreamHost } from '../catalog/upstream-hosts-table.js';
import { createToolError, type ToolError, type ToolErrorFacts } from '../errors/tool-error.js';
import type { ToolErrorCode } from '../errors/tool-error-table.js';
import { newSpanId } from '../http/trace-context.js';
import { type ExecutorOptions, type ResolvedExecutorOptions, resolveExecutorOptions } from './options.js';
import { addHeaderArguments, buildJsonBody, resolveStaticHeaders } from './request-headers.js';
import { buildRequestTarget, resolveStaticQuery } from './request-target.js';
import { mapResponse } from './response-mapping.js';
import { exchange, type UpstreamRequest } from './upstream-exchange.js';
import { UpstreamPools } from './upstream-pools.js';

/**
 * Executes a published operation's REST binding for one `tools/call`. The steps:
 * 1. target: the binding's origin and base path;
 * 2. authorize: the origin's host must be on the workspace's allow-list (its entry gives the
 *    address classes the connection may reach, checked at connect time by the pool);
 * 3. build: the path and query from the arguments (encoded), the headers (defaults, static
 *    headers with `${VAR}` resolved now, header arguments), the JSON body;
 * 4. exchange: through the pool of (origin, address policy), within the binding's timeout
 *    and response size cap, redirects not followed;
 * 5. map: the answer to a tool result, or any failure to a structured tool error.
 * @module
 */

/** Who is calling, for the ids in a tool error and for cancellation. */
export interface CallContext {
  /** The workspace whose allow-list applies. */
  workspaceId: string;
  requestId: string;
  /** W3C trace id (32 hex digits); it is continued to the upstream as `traceparent`. */
  traceId: string;
  /** Aborts the call (the client cancelled it or went away). */
  signal?: AbortSignal | undefined;
  /**
   * Sent in the binding's idempotency header, when it has one (executions of approved requests:
   * the same value on every attempt).
   */
  idempotencyKey?: string | undefined;
}

/**
 * What a call came to. A failure carries `diagnostic` for the operator log (it may name an
 * environment variable or a socket error; it never holds a secret, an argument value or an
 * upstream body) next to the `error` the caller gets.
 */
export type ExecuteOutcome =
  | { ok: true; result: CallToolResult; upstreamStatus: number }
  | { ok: false; error: ToolError; diagnostic: string };

/** Runs REST bindings; one per gateway process, shared by every agent. */
export interface Executor {
  /** Calls the upstream behind `binding` with `args`, which are already valid against the tool's inputSchema. */
  execute(binding: RestBinding, args: Record<string, unknown>, context: CallContext): Promise<ExecuteOutcome>;
  /** Closes every upstream pool; calls in flight finish first. */
  close(): Promise<void>;
}

/** What the gateway asks every upstream for: JSON first, text next. */
const DEFAULT_ACCEPT = 'application/json, text/plain;q=0.9, */*;q=0.8';
const USER_AGENT = 'mcpforge-gateway';
const TRACE_ID = /^(?!0{32})[0-9a-f]{32}$/;

function clamp(value: number, fallback: number, max: number): number {
  return Number.isSafeInteger(value) && value >= 1 ? Math.min(value, max) : fallback;
}

class RestExecutor implements Executor {
  readonly #options: ResolvedExecutorOptions;
  readonly #pools: UpstreamPools;
  #closed = false;

  constructor(options: ResolvedExecutorOptions) {
    this.#options = options;
    this.#pools = new UpstreamPools(options);
  }

  async execute(
    binding: RestBinding,
    args: Record<string, unknown>,
    context: CallContext,
  ): Promise<ExecuteOutcome> {
    const facts: ToolErrorFacts = {
      requestId: context.requestId,
      traceId: context.traceId,
      method: binding.method,
    };
    const failure = (
      code: ToolErrorCode,
      diagnostic: string,
      more: Partial<ToolErrorFacts> = {},
    ): ExecuteOutcome => ({
      ok: false,
      error: createToolError(code, { ...facts, ...more }),
      diagnostic,
    });
    if (this.#closed) return failure('internal', 'the executor is closed');
    try {
      return await this.#run(binding, args, context, failure);
    } catch (error) {
      // A bug or a failing allow-list lookup; the request was not handed to a socket.
      return failure('internal', error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    }
  }

  async #run(
    binding: RestBinding,
    args: Record<string, unknown>,
    context: CallContext,
    failure: (code: ToolErrorCode, diagnostic: string, more?: Partial<ToolErrorFacts>) => ExecuteOutcome,
  ): Promise<ExecuteOutcome> {
    const url = new URL(binding.baseUrl);
    const hosts = await this.#options.allowList(context.workspaceId);
    const entry = findUpstreamHost(hosts, url);
    if (entry === undefined)
      return failure('upstream_host_not_allowed', `${url.host} is not on the allow-list`);

    const fixedQuery = resolveStaticQuery(binding.query, this.#options.env);
    if (typeof fixedQuery !== 'string')
      return failure(fixedQuery.code, fixedQuery.reason, { variable: fixedQuery.variable });
    const path = buildRequestTarget(binding, binding.baseUrl.slice(url.origin.length), args, fixedQuery);
    if (typeof path !== 'string')
      return failure('argument_not_sendable', path.reason, { argument: path.argument });
    const headers: Record<string, string> = Object.create(null);
    headers['accept'] = DEFAULT_ACCEPT;
    headers['user-agent'] = USER_AGENT;
    if (TRACE_ID.test(context.traceId)) headers['traceparent'] = `00-${context.traceId}-${newSpanId()}-01`;
    const missing = resolveStaticHeaders(binding.headers, this.#options.env, headers);
    if (missing !== undefined) return failure(missing.code, missing.reason, { variable: missing.variable });
    const refused = addHeaderArguments(binding, args, headers);
    if (refused !== undefined)
      return failure('argument_not_sendable', refused.reason, { argument: refused.argument });
    if (binding.idempotency !== undefined && context.idempotencyKey !== undefined)
      headers[binding.idempotency.header] = context.idempotencyKey;
    const body = buildJsonBody(binding, args);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const request: UpstreamRequest = { method: binding.method, path, headers, body };

    const outcome = await exchange(this.#pools.get(url.origin, entry), request, {
      timeoutMs: clamp(binding.timeoutMs, DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS),
      maxResponseBytes: clamp(binding.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, MAX_RESPONSE_BYTES_LIMIT),
      signal: context.signal,
    });
    if (outcome.kind === 'failure') return failure(outcome.code, outcome.diagnostic, { sent: outcome.sent });
    const mapped = mapResponse(outcome, this.#options, Date.now());
    if (mapped.ok) return { ok: true, result: mapped.result, upstreamStatus: outcome.status };
    return failure(mapped.code, mapped.diagnostic, {
      sent: true,
      upstreamStatus: outcome.status,
      retryAfterMs: mapped.retryAfterMs,
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#pools.close();
  }
}

/**
 * The executor of REST bindings: undici pools per upstream origin, the SSRF guard at connect
 * time, bounded reads, structured tool errors.
 * @throws TypeError, RangeError naming a bad option.
 */
export function createExecutor(options: ExecutorOptions): Executor {
  return new RestExecutor(resolveExecutorOptions(options));
}
