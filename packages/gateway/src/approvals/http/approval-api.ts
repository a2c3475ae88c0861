import type { AdminRequest, AdminResponse } from '../../admin/admin-exchange.js';
import { jsonResponse } from '../../admin/admin-exchange.js';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../../admin/admin-options.js';
import { problemResponse } from '../../admin/problem-response.js';
import { readJsonBody } from '../../admin/request-body.js';
import { checkQuery, readPathSegment } from '../../admin/request-input.js';
import { getAgent } from '../../catalog/agents-table.js';
import { getWorkspace } from '../../catalog/workspaces-table.js';
import { GatewayError, invalidField } from '../../errors/gateway-error.js';
import { rateLimitedError, retryAfterOf, type TakeToken } from '../../http/api-rate-limit.js';
import { authorizeApproval } from '../../keys/authorize.js';
import { bearerToken } from '../../keys/bearer.js';
import type { KeyVerifier, VerifiedKey } from '../../keys/key-verifier.js';
import type { Database } from '../../store/database.js';
import { APPROVAL_STATUSES, type ApprovalScope, type ApprovalStatus } from '../approval-record.js';
import type { ApprovalService } from '../approval-service.js';
import type { ApprovalTarget } from './approval-path.js';
import { approvalView } from './approval-view.js';
import { preflightResponse, withCors } from './cors.js';
import { type DecisionAction, readDecisionBody } from './decision-body.js';

/** The realm of the approval API's `WWW-Authenticate` challenges (RFC 6750). */
export const APPROVAL_REALM = 'mcpforge-approvals';
/** Largest body of a decision: `{ "approve", "note" }` is well under 4 KiB even with a long note. */
export const DEFAULT_MAX_APPROVAL_BODY_BYTES = 16 * 1024;

/** What the approval API calls on the service (the whole `ApprovalService` fits). */
export type ApprovalOperations = Pick<ApprovalService, 'get' | 'list' | 'approve' | 'deny'>;

/** What {@link ApprovalApi} needs. */
export interface ApprovalApiServices {
  db: Database;
  verifier: KeyVerifier;
  approvals: ApprovalOperations;
  /** The gateway's prefix (for `approval_url`). */
  prefix: string;
  maxBodyBytes: number;
  /** Unexpected failures (the caller gets a bare `500 internal`). */
  onError?: ((error: unknown) => void) | undefined;
  /** Takes one request from a key's budget (0 when allowed, else ms to wait); after the key is accepted. */
  rateLimit?: TakeToken | undefined;
}

const LIST_PARAMETERS = ['status', 'limit', 'cursor'] as const;

function challenge(token: string | undefined): string {
  // RFC 6750 §3.1: no error code when no credentials were sent.
  return token === undefined
    ? `Bearer realm="${APPROVAL_REALM}"`
    : `Bearer realm="${APPROVAL_REALM}", error="invalid_token"`;
}

/** The one method a path takes: GET to read, POST to decide. */
function allowedMethod(target: ApprovalTarget): string {
  return target.action === undefined ? 'GET' : 'POST';
}

function methodNotAllowed(method: string, allow: string): GatewayError {
  return new GatewayError('method_not_allowed', `${method} is not allowed here (allowed: ${allow})`);
}

function readStatus(query: URLSearchParams): ApprovalStatus | undefined {
  const value = query.get('status');
  if (value === null) return undefined;
  if (!(APPROVAL_STATUSES as readonly string[]).includes(value)) {
    throw invalidField('status', `must be one of ${APPROVAL_STATUSES.map((s) => `'${s}'`).join(', ')}`);
  }
  return value as ApprovalStatus;
}

function readLimit(query: URLSearchParams): number {
  const text = query.get('limit');
  if (text === null) return DEFAULT_PAGE_LIMIT;
  const limit = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
  if (!(limit >= 1 && limit <= MAX_PAGE_LIMIT)) {
    throw invalidField('limit', `must be an integer in 1..${MAX_PAGE_LIMIT}`);
  }
  return limit;
}

/**
 * Answers the approval API of one agent, for `approval` keys only. The steps, in order, so a
 * refused request changes nothing: the key (401), its type, scope and
 * allowed origins (403), the path and method (404, 405), the workspace and agent (404), the
 * body (400, 413, 415), then the one service call (404 for an unknown request). A decision on
 * a request that is no longer pending answers 200 with its current state: nothing runs twice.
 * `OPTIONS` is a CORS preflight (see cors.ts); answers to a request with an `Origin` the key
 * accepts are readable by that page.
 */
export class ApprovalApi {
  readonly #services: ApprovalApiServices;

  constructor(services: ApprovalApiServices) {
    this.#services = services;
  }

  async answer(request: AdminRequest, target: ApprovalTarget, requestId: string): Promise<AdminResponse> {
    const origin = request.header('origin');
    if (request.method === 'OPTIONS') return preflightResponse(origin, allowedMethod(target));
    const { response, originRefused } = await this.#answer(request, target, requestId, origin);
    return origin === undefined || originRefused ? response : withCors(response, origin);
  }

  async #answer(
    request: AdminRequest,
    target: ApprovalTarget,
    requestId: string,
    origin: string | undefined,
  ): Promise<{ response: AdminResponse; originRefused: boolean }> {
    const token = bearerToken(request.header('authorization'));
    try {
      const key = await this.#authenticate(token, target, origin);
      const { status, body } = await this.#route(request, target, key);
      return { response: jsonResponse(status, body), originRefused: false };
    } catch (error) {
      if (!(error instanceof GatewayError) || error.code === 'internal') this.#services.onError?.(error);
      const headers: Record<string, string> = {};
      if (error instanceof GatewayError) {
        if (error.code === 'key_invalid') headers['www-authenticate'] = challenge(token);
        if (error.code === 'body_too_large') headers['connection'] = 'close';
        if (error.code === 'method_not_allowed') headers['allow'] = allowedMethod(target);
        const retryAfter = retryAfterOf(error);
        if (retryAfter !== undefined) headers['retry-after'] = retryAfter;
      }
      const originRefused = error instanceof GatewayError && error.code === 'origin_not_allowed';
      return { response: problemResponse(error, requestId, headers), originRefused };
    }
  }

  async #authenticate(
    token: string | undefined,
    target: ApprovalTarget,
    origin: string | undefined,
  ): Promise<VerifiedKey> {
    const key = await this.#services.verifier.verify(token);
    authorizeApproval(key, target.workspace, target.agent, origin);
    // Only an accepted key spends its budget: a 401 or 403 costs its holder nothing.
    const waitMs = this.#services.rateLimit?.(key.id) ?? 0;
    if (waitMs > 0) throw rateLimitedError(waitMs);
    return key;
  }

  async #route(
    request: AdminRequest,
    target: ApprovalTarget,
    key: VerifiedKey,
  ): Promise<{ status: number; body: unknown }> {
    const { method } = request;
    const query = new URL(request.target, 'http://approvals.invalid').searchParams;
    const { action } = target;
    if (target.id === '' || (action !== undefined && action !== 'approve' && action !== 'deny')) {
      throw new GatewayError('not_found', 'no such approval API resource');
    }
    const id = target.id === undefined ? undefined : readPathSegment(target.id, 'approval_id');
    if (action === undefined && method !== 'GET') throw methodNotAllowed(method, 'GET');
    if (action !== undefined && method !== 'POST') throw methodNotAllowed(method, 'POST');
    if (id === undefined) {
      checkQuery(query, LIST_PARAMETERS);
      const status = readStatus(query);
      const limit = readLimit(query);
      const cursor = query.get('cursor') ?? undefined;
      const scope = await this.#scope(target);
      const page = await this.#services.approvals.list({ ...scope, status, limit, cursor });
      const prefix = this.#services.prefix;
      return {
        status: 200,
        body: {
          items: page.items.map((record) => approvalView(record, prefix)),
          next_cursor: page.nextCursor,
        },
      };
    }
    checkQuery(query, []);
    if (action === undefined) {
      const scope = await this.#scope(target);
      return this.#found(target, id, await this.#services.approvals.get(scope, id));
    }
    const body = await readJsonBody(request, this.#services.maxBodyBytes);
    const decision = { keyId: key.id, ...readDecisionBody(body, action as DecisionAction) };
    const scope = await this.#scope(target);
    const record =
      action === 'approve'
        ? await this.#services.approvals.approve(scope, id, decision)
        : await this.#services.approvals.deny(scope, id, decision);
    return this.#found(target, id, record);
  }

  /** The ids of the path's workspace and agent. @throws GatewayError `not_found`. */
  async #scope(target: ApprovalTarget): Promise<ApprovalScope> {
    const { db } = this.#services;
    const workspace = await getWorkspace(db, target.workspace);
    const agent = await getAgent(db, target.workspace, target.agent);
    return { workspaceId: workspace.id, agentId: agent.id };
  }

  #found(
    target: ApprovalTarget,
    id: string,
    record: Awaited<ReturnType<ApprovalOperations['get']>>,
  ): { status: number; body: unknown } {
    if (record === undefined) {
      throw new GatewayError(
        'not_found',
        `approval request '${id}' not found for agent '${target.agent}' of workspace '${target.workspace}'`,
      );
    }
    return { status: 200, body: approvalView(record, this.#services.prefix) };
  }
}
