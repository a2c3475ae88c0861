import type { IncomingMessage, ServerResponse } from 'node:http';
import { createAdminHandler } from '../admin/admin-handler.js';
import { ApprovalService } from '../approvals/approval-service.js';
import { DEFAULT_MAX_APPROVAL_BODY_BYTES } from '../approvals/http/approval-api.js';
import { createApprovalHandler } from '../approvals/http/approval-handler.js';
import { AllowListCache } from '../catalog/allow-list-cache.js';
import { SLUG_PATTERN } from '../catalog/slug.js';
import { createConsoleHandler } from '../console/console-handler.js';
import { createExecutor, type Executor } from '../execute/executor.js';
import { HistoryWriter } from '../history/history-writer.js';
import { KeyVerifier } from '../keys/key-verifier.js';
import { AgentDirectory } from '../mcp/agent-directory.js';
import type { EndpointServices } from '../mcp/agent-endpoint.js';
import { createMcpHandler } from '../mcp/mcp-endpoint.js';
import { type RequestScope, requestScope } from '../mcp/request-scope.js';
import type { Database } from '../store/database.js';
import { type GatewayOptions, type ResolvedGatewayOptions, resolveGatewayOptions } from './options.js';
import { RateLimiter } from './rate-limiter.js';
import { watchRevocations } from './session-revocation.js';
import { newRequestId, newTraceId, traceIdOf } from './trace-context.js';

/** The `serverInfo.version` of every agent endpoint. */
export const GATEWAY_VERSION = '0.1.0';

/**
 * The request path, as named steps:
 * 1. listener: ids (`x-request-id`, `x-trace-id` from `traceparent` or new) on every answer;
 * 2. route by prefix: `{prefix}/v1/{workspace}/{agent}` (exactly three segments), then the
 *    approval API under `{prefix}/v1/{workspace}/{agent}/approvals`, then the admin API under
 *    `{prefix}/admin/v1`, anything else 404;
 * 3. the toolkit's Streamable HTTP handler, inside the request's scope;
 * 4. `authenticate`: key (cached, revocation-aware) → rate limit → type and agent → catalog;
 * 5. resolver: the agent's endpoint at its current revision;
 * 6. `tools/call`: the toolkit validates the arguments, the gateway executes the binding;
 * 7. history, queued and written in batches; the answer does not wait for it.
 * @module
 */

/** Options of {@link createGateway}. */
export interface CreateGatewayOptions extends GatewayOptions {
  /** The gateway's database, migrated. Not closed by `close()`. */
  db: Database;
}

/** A running gateway, to mount on any `node:http` server. */
export interface Gateway {
  /** Answers one request completely. */
  node(req: IncomingMessage, res: ServerResponse): void;
  /** The key verifier (the admin API revokes through it, so this process refuses a key at once). */
  readonly keys: KeyVerifier;
  /** The agents served; `refresh` after a publish on this process. */
  readonly agents: AgentDirectory;
  /** Human approvals: requests, decisions, and the worker that expires and re-claims them. */
  readonly approvals: ApprovalService;
  /** Pending history, written now. */
  flushHistory(): Promise<void>;
  /** Ends sessions and streams, stops listening, writes pending history and `last_used_at`. */
  close(): Promise<void>;
  readonly options: ResolvedGatewayOptions;
}

const JSON_404 = JSON.stringify({ error: { code: 'not_found', message: 'Not Found' } });
const JSON_503 = JSON.stringify({ error: { code: 'unavailable', message: 'Shutting down' } });

/** The workspace and agent of an endpoint path, or undefined. */
function endpointOf(url: string, prefix: string): { workspace: string; agent: string } | undefined {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (!path.startsWith(prefix) || path.charCodeAt(prefix.length) !== 47 /* / */) return undefined;
  const rest = path.slice(prefix.length + 1).split('/');
  if (rest.length !== 3 || rest[0] !== 'v1') return undefined;
  const [, workspace = '', agent = ''] = rest;
  return SLUG_PATTERN.test(workspace) && SLUG_PATTERN.test(agent) ? { workspace, agent } : undefined;
}

/**
 * The gateway on `db`: MCP endpoints per agent under `{prefix}/v1/{workspace}/{agent}`.
 * @throws TypeError, RangeError naming a bad option.
 */
export async function createGateway(options: CreateGatewayOptions): Promise<Gateway> {
  const { db } = options;
  if (typeof db?.query !== 'function') throw new TypeError('db: must be a Database (openDatabase)');
  const resolved = resolveGatewayOptions(options);
  const { logger } = resolved;
  const background = (what: string) => (error: unknown) =>
    logger.error({ err: error instanceof Error ? error.message : String(error) }, what);
  // Changes heard by NOTIFY; the catalog interval only while they may go unheard.
  const allowLists = new AllowListCache(db, { unsubscribedRefreshMs: resolved.catalogRefreshMs });
  const executor: Executor = createExecutor({
    allowList: (workspaceId) => allowLists.lookup(workspaceId),
    env: resolved.env,
    limits: resolved.upstream,
  });
  const history = new HistoryWriter(db, { ...resolved.history, onError: background('history write failed') });
  const keys = new KeyVerifier(db, { onBackgroundError: background('last_used_at write failed') });
  const { waitMs: approvalWaitMs, ...serviceOptions } = resolved.approvals;
  const approvals = new ApprovalService({
    db,
    executor,
    history,
    ...serviceOptions,
    onError: background('approval sweep failed'),
    // Diagnostics for operators, as for a direct call that failed (never arguments or bodies).
    onExecutionFailure: (failure) => logger.warn(failure, 'approved call failed'),
  });
  const prefix = resolved.prefix;
  const endpointServices: EndpointServices = {
    executor,
    history,
    approvals,
    // The MCP result's approval URLs are paths under the gateway's prefix.
    prefix,
    publicOrigin: resolved.publicOrigin,
    approvalWaitMs,
    serverVersion: GATEWAY_VERSION,
    onCallFailure: (failure) => logger.warn(failure, 'tool call failed'),
    reranker: resolved.search.reranker,
    onSearchFailure: (failure) => logger.warn(failure, 'search re-ranking failed'),
  };
  const agents = new AgentDirectory(db, endpointServices, {
    refreshMs: resolved.catalogRefreshMs,
    onCatalog: (report) => logger.info(report, 'catalog revision served'),
    onBackgroundError: background('catalog refresh failed'),
  });
  await keys.start();
  await allowLists.start();
  await agents.start();
  await approvals.start();
  const limiter =
    resolved.rateLimit === false
      ? undefined
      : new RateLimiter(resolved.rateLimit.perSecond, resolved.rateLimit.burst, resolved.rateLimit.maxKeys);
  // One budget per key, on every API: keys have one type each, so the APIs never share a bucket.
  const take = limiter === undefined ? undefined : (keyId: string) => limiter.take(keyId);
  const mcp = createMcpHandler(
    {
      verifier: keys,
      directory: agents,
      rateLimit: take ?? (() => 0),
    },
    {
      ...(resolved.hostValidation === undefined ? {} : { hostValidation: resolved.hostValidation }),
      maxSessionsPerPrincipal: resolved.sessions.perKey,
      maxSessionsPerGroup: resolved.sessions.perAgent,
      maxSessions: resolved.sessions.max,
      maxBufferedBytesPerPrincipal: resolved.unreadAnswers.perKey,
      maxBufferedBytes: resolved.unreadAnswers.total,
    },
  );
  // A revoked key's sessions and streams end on every process: on the notice the verifier
  // hears, or by a 1 s sweep when a notice was lost.
  const unlistenRevoked = await watchRevocations(db, mcp, background('revocation sweep failed'));
  const approvalApi = createApprovalHandler({
    db,
    verifier: keys,
    approvals,
    prefix,
    maxBodyBytes: DEFAULT_MAX_APPROVAL_BODY_BYTES,
    onError: background('approval request failed'),
    rateLimit: take,
  });
  // The admin API shares the verifier, so a key it revokes is refused here at once.
  const admin = createAdminHandler({
    db,
    verifier: keys,
    prefix,
    onError: background('admin request failed'),
    rateLimit: take,
  });
  // The web console: static files under {prefix}/console/, acting only through the two APIs above.
  const webConsole = createConsoleHandler({ prefix });
  const notFound = (res: ServerResponse): void => {
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON_404);
  };
  let closing: Promise<void> | undefined;

  return {
    options: resolved,
    keys,
    agents,
    approvals,
    node(req, res) {
      const requestId = newRequestId();
      const traceparent = req.headers['traceparent'];
      const traceId = traceIdOf(typeof traceparent === 'string' ? traceparent : undefined) ?? newTraceId();
      res.setHeader('x-request-id', requestId);
      res.setHeader('x-trace-id', traceId);
      if (closing !== undefined) {
        req.resume();
        res.writeHead(503, { 'content-type': 'application/json' }).end(JSON_503);
        return;
      }
      const target = endpointOf(req.url ?? '', prefix);
      if (target === undefined) {
        // Approval paths have four to six segments, so the endpoint's three never shadow them;
        // they are looked at only off the MCP hot path.
        approvalApi(req, res)
          .then((handled) => handled || webConsole(req, res))
          .then((handled) => handled || admin(req, res))
          .then(
            (handled) => {
              if (handled) return;
              req.resume();
              notFound(res);
            },
            (error: unknown) => {
              background('request failed')(error);
              if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
              res.end();
            },
          );
        return;
      }
      const scope: RequestScope = {
        requestId,
        traceId,
        workspace: target.workspace,
        agent: target.agent,
        key: undefined,
        endpoint: undefined,
        errorCode: undefined,
      };
      requestScope.run(scope, mcp.node, req, res);
    },
    flushHistory: () => history.flush(),
    close() {
      closing ??= (async () => {
        await unlistenRevoked();
        mcp.close();
        // Executions in flight finish (and record their outcome) before the executor closes.
        await approvals.close();
        await agents.close();
        await executor.close();
        await allowLists.close();
        await history.close();
        await admin.close();
        await keys.close();
      })();
      return closing;
    },
  };
}
