import type { CallToolResult } from '@mcpforge/server';
import type { Retryability } from './error-table.js';
import {
  type OutcomeCertainty,
  type ToolErrorCode,
  type ToolErrorStage,
  toolErrorInfo,
} from './tool-error-table.js';

/**
 * The structured error of a failed `tools/call`: the `structuredContent` of an `isError: true`
 * result. Every member is the gateway's own: codes from the table, fixed messages, ids.
 * `manual_reconcile` with `outcome_unknown` means an automatic retry is unsafe.
 */
export interface ToolError {
  error_code: ToolErrorCode;
  message: string;
  stage: ToolErrorStage;
  retryability: Retryability;
  outcome_certainty: OutcomeCertainty;
  request_id: string;
  trace_id: string;
  /** How long to wait before retrying, from the upstream's `Retry-After`. */
  retry_after_ms?: number;
  /** The upstream's HTTP status, when it answered with one. */
  upstream_status?: number;
  /** The tool argument at fault (its name in the input schema, never its value). */
  argument?: string;
  /** The gateway environment variable at fault (its name, never its value). */
  variable?: string;
}

/** Methods a retry cannot turn into a second side effect (RFC 9110, 9.2.2). */
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** Whether repeating a request with `method` is safe by HTTP semantics. */
export function isIdempotentMethod(method: string): boolean {
  return IDEMPOTENT_METHODS.has(method.toUpperCase());
}

/** What a tool error is built from besides its code. */
export interface ToolErrorFacts {
  requestId: string;
  traceId: string;
  /** The upstream request's method; without it, a retry is judged unsafe once the request may have left. */
  method?: string | undefined;
  /** Whether the request may have reached the upstream (handed to a connected socket). */
  sent?: boolean | undefined;
  upstreamStatus?: number | undefined;
  retryAfterMs?: number | undefined;
  argument?: string | undefined;
  variable?: string | undefined;
}

/** A row's message with `{status}` and `{variable}` filled in (a variable name, never its value). */
function messageOf(template: string, status: number | undefined, variable: string | undefined): string {
  let message = template;
  if (status !== undefined) message = message.replace('{status}', String(status));
  if (variable !== undefined) message = message.replace('{variable}', variable);
  return message;
}

/** Builds the structured error of `code`, applying its row's outcome and retryability rules. */
export function createToolError(code: ToolErrorCode, facts: ToolErrorFacts): ToolError {
  const info = toolErrorInfo(code);
  const outcome: OutcomeCertainty =
    info.outcome === 'by_progress'
      ? facts.sent === true
        ? 'outcome_unknown'
        : 'not_executed'
      : info.outcome;
  let retryability: Retryability;
  if (info.retryability !== 'idempotent_only') retryability = info.retryability;
  else if (outcome === 'not_executed') retryability = 'retryable';
  else
    retryability =
      facts.method !== undefined && isIdempotentMethod(facts.method) ? 'retryable' : 'manual_reconcile';
  const status = facts.upstreamStatus;
  const error: ToolError = {
    error_code: code,
    message: messageOf(info.message, status, facts.variable),
    stage: info.stage,
    retryability,
    outcome_certainty: outcome,
    request_id: facts.requestId,
    trace_id: facts.traceId,
  };
  if (facts.retryAfterMs !== undefined) error.retry_after_ms = facts.retryAfterMs;
  if (status !== undefined) error.upstream_status = status;
  if (facts.argument !== undefined) error.argument = facts.argument;
  if (facts.variable !== undefined) error.variable = facts.variable;
  return error;
}

/** The `tools/call` result carrying `error`: `isError: true`, the error as structured content and as JSON text. */
export function toolErrorResult(error: ToolError): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(error) }],
    structuredContent: { ...error },
    isError: true,
  };
}
