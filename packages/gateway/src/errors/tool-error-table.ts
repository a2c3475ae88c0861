import type { Retryability } from './error-table.js';

/**
 * Every `tools/call` error code in one table: the stage it stops at, how sure the gateway is
 * of the upstream's outcome, whether an automatic retry is safe, and its fixed message. The
 * message is ours: it never holds the upstream's body, URL, headers or an internal error's
 * text; `{status}` is replaced by the upstream's HTTP status number, `{variable}` by the name
 * (never the value) of the gateway environment variable at fault. `docs/gateway/errors.md`
 * lists the same table (a test compares them). A code is never renamed or reused.
 * @module
 */

/** Where a call stopped, in the order a call goes through them. */
export const TOOL_ERROR_STAGES = [
  'validate',
  'authorize',
  'approval',
  'dispatch',
  'upstream',
  'response',
] as const;
export type ToolErrorStage = (typeof TOOL_ERROR_STAGES)[number];

/**
 * What the gateway knows of the upstream's side effect: `not_executed` (the request never
 * reached the upstream, or the upstream said it did not process it), `executed` (the upstream
 * received it and gave its final answer, which may be a refusal), `outcome_unknown` (the
 * request was sent and no final answer came back: it may or may not have taken effect).
 */
export const OUTCOME_CERTAINTIES = ['not_executed', 'executed', 'outcome_unknown'] as const;
export type OutcomeCertainty = (typeof OUTCOME_CERTAINTIES)[number];

/**
 * How a row decides its outcome: a fixed value, or `by_progress`: `not_executed` when the
 * request was never handed to a connected socket, `outcome_unknown` once it may have been.
 */
export type OutcomeRule = OutcomeCertainty | 'by_progress';

/**
 * How a row decides its retryability: a fixed value, or `idempotent_only`: `retryable` when
 * the method is idempotent (GET, HEAD, PUT, DELETE, OPTIONS) or the request never left,
 * `manual_reconcile` otherwise (a POST or PATCH may have taken effect: a person checks first).
 */
export type RetryabilityRule = Retryability | 'idempotent_only';

/** One row of {@link TOOL_ERRORS}. */
export interface ToolErrorInfo {
  readonly stage: ToolErrorStage;
  readonly outcome: OutcomeRule;
  readonly retryability: RetryabilityRule;
  /** Fixed text for the model and the user; `{status}` is the upstream's HTTP status, `{variable}` a variable's name. */
  readonly message: string;
}

/** The code table. Keys are the stable `error_code` strings. */
export const TOOL_ERRORS = {
  // validate: the call is refused before anything is sent.
  arguments_invalid: {
    stage: 'validate',
    outcome: 'not_executed',
    retryability: 'not_retryable',
    message: "The arguments do not match the tool's input schema.",
  },
  argument_not_sendable: {
    stage: 'validate',
    outcome: 'not_executed',
    retryability: 'not_retryable',
    message:
      "An argument cannot be sent as given: a path value may not be empty, '.' or '..', a header value may hold only printable ASCII, and objects go only in the body.",
  },
  agent_catalog_result_stale: {
    stage: 'validate',
    outcome: 'not_executed',
    retryability: 'not_retryable',
    message:
      "This catalog_revision is not the agent's current one (the catalog changed since the search, or the revision was not copied from a search_tools answer): call search_tools again and pass the catalog_revision it returns.",
  },
  search_section_unknown: {
    stage: 'validate',
    outcome: 'not_executed',
    retryability: 'not_retryable',
    message: 'This agent has no section of that name: search again with one of its sections, or none.',
  },
  tool_not_found: {
    stage: 'validate',
    outcome: 'not_executed',
    retryability: 'not_retryable',
    message: 'This agent has no tool of that name: call search_tools and use a name it returns.',
  },
  approval_arguments_too_large: {
    stage: 'validate',
    outcome: 'not_executed',
    retryability: 'not_retryable',
    message:
      "The arguments are larger than the gateway keeps for a person's approval: send smaller arguments.",
  },
  // authorize: the call is valid but this workspace may not make it.
  upstream_host_not_allowed: {
    stage: 'authorize',
    outcome: 'not_executed',
    retryability: 'not_retryable',
    message: "The operation's upstream host is not on the workspace's allow-list.",
  },
  // approval: a person decides before the call runs (the approvals work).
  approval_denied: {
    stage: 'approval',
    outcome: 'not_executed',
    retryability: 'not_retryable',
    message: 'A person denied this call.',
  },
  approval_expired: {
    stage: 'approval',
    outcome: 'not_executed',
    retryability: 'not_retryable',
    message: 'Nobody approved this call in time.',
  },
  approval_queue_full: {
    stage: 'approval',
    outcome: 'not_executed',
    retryability: 'retryable',
    message:
      "Too many calls of this key or agent are waiting for a person's approval: retry once some are decided.",
  },
  approval_requester_revoked: {
    stage: 'approval',
    outcome: 'not_executed',
    retryability: 'not_retryable',
    message: 'The key that made this call was revoked before it was approved; nothing was executed.',
  },
  approval_target_archived: {
    stage: 'approval',
    outcome: 'not_executed',
    retryability: 'not_retryable',
    message: "The call's agent or operation was archived before it was approved; nothing was executed.",
  },
  // dispatch: building the request and connecting; nothing reached the upstream.
  upstream_credential_unavailable: {
    stage: 'dispatch',
    outcome: 'not_executed',
    retryability: 'not_retryable',
    message:
      'A credential the operation needs is not configured on the gateway: the environment variable {variable} is unset, empty or holds a line break.',
  },
  upstream_secret_not_allowed: {
    stage: 'dispatch',
    outcome: 'not_executed',
    retryability: 'not_retryable',
    message:
      'The operation names the environment variable {variable}, which is not a secret for upstreams: only variables named MCPFORGE_SECRET_* are sent.',
  },
  upstream_address_refused: {
    stage: 'dispatch',
    outcome: 'not_executed',
    retryability: 'not_retryable',
    message:
      "The upstream host resolves to an address the workspace's allow-list does not permit (loopback, private, link-local, metadata or reserved).",
  },
  upstream_dns_failed: {
    stage: 'dispatch',
    outcome: 'not_executed',
    retryability: 'retryable',
    message: 'The upstream host name could not be resolved.',
  },
  upstream_connect_failed: {
    stage: 'dispatch',
    outcome: 'not_executed',
    retryability: 'retryable',
    message: 'The gateway could not connect to the upstream service.',
  },
  upstream_connect_timeout: {
    stage: 'dispatch',
    outcome: 'not_executed',
    retryability: 'retryable',
    message: 'Connecting to the upstream service timed out.',
  },
  upstream_tls_failed: {
    stage: 'dispatch',
    outcome: 'not_executed',
    retryability: 'not_retryable',
    message: "The upstream service's TLS certificate or handshake was refused.",
  },
  call_cancelled: {
    stage: 'dispatch',
    outcome: 'by_progress',
    retryability: 'idempotent_only',
    message: 'The call was cancelled before the upstream answered.',
  },
  // upstream: the request was sent; the upstream's answer (or its absence) ends the call.
  upstream_timeout: {
    stage: 'upstream',
    outcome: 'outcome_unknown',
    retryability: 'idempotent_only',
    message: 'The upstream service did not answer in time; the request may have taken effect.',
  },
  upstream_connection_lost: {
    stage: 'upstream',
    outcome: 'outcome_unknown',
    retryability: 'idempotent_only',
    message:
      'The connection to the upstream service was lost before it answered; the request may have taken effect.',
  },
  upstream_invalid_response: {
    stage: 'upstream',
    outcome: 'outcome_unknown',
    retryability: 'idempotent_only',
    message: 'The upstream service sent a malformed HTTP response; the request may have taken effect.',
  },
  upstream_redirect: {
    stage: 'upstream',
    outcome: 'executed',
    retryability: 'not_retryable',
    message:
      'The upstream service answered with a redirect (HTTP {status}), which the gateway does not follow.',
  },
  upstream_unauthorized: {
    stage: 'upstream',
    outcome: 'executed',
    retryability: 'not_retryable',
    message: "The upstream service refused the gateway's credentials (HTTP {status}).",
  },
  upstream_client_error: {
    stage: 'upstream',
    outcome: 'executed',
    retryability: 'not_retryable',
    message: 'The upstream service refused the request (HTTP {status}).',
  },
  upstream_rate_limited: {
    stage: 'upstream',
    outcome: 'not_executed',
    retryability: 'retryable',
    message: 'The upstream service is rate limiting the gateway (HTTP {status}).',
  },
  upstream_unavailable: {
    stage: 'upstream',
    outcome: 'not_executed',
    retryability: 'retryable',
    message: 'The upstream service is temporarily unavailable (HTTP {status}).',
  },
  upstream_server_error: {
    stage: 'upstream',
    outcome: 'outcome_unknown',
    retryability: 'idempotent_only',
    message: 'The upstream service failed (HTTP {status}); the request may have taken effect.',
  },
  // response: the upstream answered with success; its body could not become a tool result.
  response_too_large: {
    stage: 'response',
    outcome: 'executed',
    retryability: 'not_retryable',
    message: "The upstream's answer is larger than the operation's response size limit.",
  },
  response_timeout: {
    stage: 'response',
    outcome: 'executed',
    retryability: 'idempotent_only',
    message: "The upstream's answer did not arrive whole in time.",
  },
  response_interrupted: {
    stage: 'response',
    outcome: 'executed',
    retryability: 'idempotent_only',
    message: "The connection was lost while reading the upstream's answer.",
  },
  response_invalid: {
    stage: 'response',
    outcome: 'executed',
    retryability: 'not_retryable',
    message:
      "The upstream's answer could not be read (malformed or too deeply nested JSON, or an unsupported encoding).",
  },
  output_invalid: {
    stage: 'response',
    outcome: 'executed',
    retryability: 'not_retryable',
    message: "The upstream's answer does not match the tool's output schema.",
  },
  // Anything unexpected; the operator log has the cause.
  internal: {
    stage: 'dispatch',
    outcome: 'by_progress',
    retryability: 'idempotent_only',
    message: 'The gateway failed while making the call.',
  },
} as const satisfies Record<string, ToolErrorInfo>;

/** A tool error code: a key of {@link TOOL_ERRORS}. */
export type ToolErrorCode = keyof typeof TOOL_ERRORS;

/** Whether `value` is a known tool error code. */
export function isToolErrorCode(value: unknown): value is ToolErrorCode {
  return typeof value === 'string' && Object.hasOwn(TOOL_ERRORS, value);
}

/** The table row of `code`. */
export function toolErrorInfo(code: ToolErrorCode): ToolErrorInfo {
  return TOOL_ERRORS[code];
}
