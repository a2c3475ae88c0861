import type { CallToolResult, HandlerContext } from '@mcpforge/server';
import type { ApprovalRecord } from '../approval-record.js';
import { isTerminal } from '../approval-record.js';
import { ApprovalRefusal } from '../approval-refusal.js';
import type { ApprovalRequestInput, ApprovalService } from '../approval-service.js';
import {
  approvalPath,
  approvalRequiredResult,
  decidedErrorCode,
  decidedResult,
  refusedResult,
} from './approval-result.js';
import type { ApprovalTaskStore } from './approval-task-store.js';

/**
 * A `tools/call` of an approval-required tool, on the surface the client can show:
 * 1. a task (2026-07-28 client declaring `io.modelcontextprotocol/tasks`): `tasks/get` says
 *    `working` with the approval URL until a person decides, then `completed` with the result;
 * 2. a URL-mode elicitation (legacy client declaring `elicitation.url`): the host shows the
 *    link, the call waits a bounded time for the decision and answers the result;
 * 3. otherwise the seed's plain `approval_required` result, at once.
 * The upstream is never called here: only an approve runs the stored arguments.
 * @module
 */

/** How long a legacy call waits for the decision after its URL elicitation, by default. */
export const DEFAULT_APPROVAL_WAIT_MS = 50_000;

/** What the approval surfaces share (one per gateway). */
export interface ApprovalSurfaces {
  service: ApprovalService;
  /** The MCP endpoints' prefix (`/mcp`): approval URLs are paths under it. */
  prefix: string;
  /** Origin the gateway is reached at (`https://gw.example.com`); URL elicitation needs it. */
  publicOrigin: string | undefined;
  /** Longest wait of a legacy call for the decision after its URL elicitation. */
  waitMs: number;
}

/** One call: the approval identity, who made it, and where its URLs point. */
export interface ApprovalCall extends ApprovalRequestInput {
  /** Slugs. */
  workspace: string;
  agent: string;
  /** The upstream request's HTTP method (judges whether a failed execution may be retried). */
  method: string;
}

/** What the call answered, for the history row. */
export interface ApprovalAnswer {
  result: CallToolResult;
  /** True while no person has decided (the `approval_required` result). */
  pending: boolean;
  /** The structured error code when `result` is a tool error. */
  errorCode: string | undefined;
}

/** Where this call runs: in a task, in a legacy session that can be sent a notification, or plainly. */
export interface CallPlace {
  /** The task running this call, when it became one. */
  taskId: string | undefined;
  tasks: ApprovalTaskStore;
  /** Legacy: sends a notification on the call's stream. */
  notify: ((method: string, params: Record<string, unknown>) => void) | undefined;
}

/** Answers `call` on the surface `ctx` and `place` allow. */
export async function answerApprovalCall(
  surfaces: ApprovalSurfaces,
  call: ApprovalCall,
  ctx: HandlerContext,
  place: CallPlace,
): Promise<ApprovalAnswer> {
  const { workspace, agent, method, ...input } = call;
  const requested = await surfaces.service.request(input).catch((error: unknown) => {
    // Too large or too many waiting: a structured tool error, nothing stored or executed.
    if (error instanceof ApprovalRefusal) return error;
    throw error;
  });
  if (requested instanceof ApprovalRefusal) return refusedAnswer(requested, call);
  const { record } = requested;
  if (place.taskId !== undefined) return inTask(surfaces, call, record, ctx, place.tasks, place.taskId);
  const url = elicitationUrl(surfaces, record, ctx);
  if (url !== undefined) return withElicitation(surfaces, call, record, ctx, url, place.notify);
  return pendingAnswer(record, surfaces.prefix);
}

function refusedAnswer(refusal: ApprovalRefusal, call: ApprovalCall): ApprovalAnswer {
  const facts = { requestId: call.requestId, traceId: call.traceId, method: call.method };
  return { result: refusedResult(refusal, facts), pending: false, errorCode: refusal.code };
}

function pendingAnswer(record: ApprovalRecord, prefix: string): ApprovalAnswer {
  return { result: approvalRequiredResult(record, prefix), pending: true, errorCode: undefined };
}

function decidedAnswer(record: ApprovalRecord, call: ApprovalCall): ApprovalAnswer {
  const result = decidedResult(record, {
    requestId: call.requestId,
    traceId: call.traceId,
    method: call.method,
  });
  return { result, pending: false, errorCode: decidedErrorCode(record) };
}

/** The approval URL a person can open: absolute when the gateway knows its public origin. */
function displayUrl(surfaces: ApprovalSurfaces, record: ApprovalRecord): string {
  const path = approvalPath(surfaces.prefix, record.workspace, record.agent, record.id);
  return surfaces.publicOrigin === undefined ? path : `${surfaces.publicOrigin}${path}`;
}

/** The task waits for the decision as long as the task lives (a cancel or its TTL aborts `signal`). */
async function inTask(
  surfaces: ApprovalSurfaces,
  call: ApprovalCall,
  record: ApprovalRecord,
  ctx: HandlerContext,
  tasks: ApprovalTaskStore,
  taskId: string,
): Promise<ApprovalAnswer> {
  tasks.update(taskId, {
    statusMessage: `Waiting for a person to approve ${call.tool} (${record.id}): ${displayUrl(surfaces, record)}`,
  });
  const scope = { workspaceId: call.workspaceId, agentId: call.agentId };
  const final = await surfaces.service.waitForTerminal(scope, record.id, ctx.signal);
  // Aborted (cancelled or expired task): nobody reads the answer; the request stays as it is.
  if (final === undefined || !isTerminal(final.status))
    return pendingAnswer(final ?? record, surfaces.prefix);
  tasks.update(taskId, { statusMessage: `${record.id} ${final.status}` });
  return decidedAnswer(final, call);
}

/** The absolute URL to elicit, when this call can be sent a URL-mode elicitation. */
function elicitationUrl(
  surfaces: ApprovalSurfaces,
  record: ApprovalRecord,
  ctx: HandlerContext,
): string | undefined {
  if (ctx.era !== 'legacy' || surfaces.publicOrigin === undefined) return undefined;
  const elicitation = ctx.clientCapabilities.elicitation as Record<string, unknown> | undefined;
  if (elicitation?.['url'] === undefined) return undefined;
  return displayUrl(surfaces, record);
}

type Race = { kind: 'decided'; record: ApprovalRecord | undefined } | { kind: 'answered'; action: string };

/**
 * Sends the URL elicitation, then waits for the decision: at most `waitMs`, and no longer
 * than the call lives. A decline or cancel (or a failed elicitation) ends the wait at once:
 * the request stays pending, since silence is not consent, and the plain result says how to
 * decide it.
 */
async function withElicitation(
  surfaces: ApprovalSurfaces,
  call: ApprovalCall,
  record: ApprovalRecord,
  ctx: HandlerContext,
  url: string,
  notify: CallPlace['notify'],
): Promise<ApprovalAnswer> {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), surfaces.waitMs);
  const onCallAbort = () => stop.abort();
  ctx.signal.addEventListener('abort', onCallAbort, { once: true });
  try {
    const scope = { workspaceId: call.workspaceId, agentId: call.agentId };
    const decided = surfaces.service.waitForTerminal(scope, record.id, stop.signal);
    const asked = ctx
      .elicit({
        mode: 'url',
        message: `The tool ${call.tool} needs a person's approval before it runs. Open the link to approve or deny it.`,
        url,
        elicitationId: record.id,
      })
      .then(
        (answer) => answer.action,
        () => 'failed',
      );
    const first: Race = await Promise.race([
      decided.then((final): Race => ({ kind: 'decided', record: final })),
      asked.then((action): Race => ({ kind: 'answered', action })),
    ]);
    if (first.kind === 'answered' && first.action !== 'accept') {
      stop.abort();
      await decided.catch(() => undefined);
      return pendingAnswer(record, surfaces.prefix);
    }
    const final = first.kind === 'decided' ? first.record : await decided;
    if (final === undefined || !isTerminal(final.status))
      return pendingAnswer(final ?? record, surfaces.prefix);
    // 2025-11-25: the out-of-band interaction this elicitation started is over.
    notify?.('notifications/elicitation/complete', { elicitationId: record.id });
    return decidedAnswer(final, call);
  } finally {
    clearTimeout(timer);
    ctx.signal.removeEventListener('abort', onCallAbort);
  }
}
