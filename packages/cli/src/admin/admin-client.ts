import type { ConfigDocument, ConfigPlan } from '@mcpforge/gateway/config';
import { CliError } from '../cli/cli-error.js';
import type {
  AdminProblem,
  Agent,
  AgentDraft,
  ApiKey,
  Approval,
  CreatedKey,
  CreateKeyInput,
  HistoryFilter,
  Invocation,
  KeyType,
  Operation,
  OperationDraft,
  PublishedAgent,
  PublishedOperation,
  Section,
  SectionInput,
  UpstreamHost,
  UpstreamHostInput,
  Workspace,
} from './admin-types.js';

/**
 * A small typed client of a running gateway's admin API (`{prefix}/admin/v1`), on `fetch`.
 * Every failure is a `CliError` whose message names the fix: a refused connection says to
 * start a gateway, a problem+json answer gives the problem's title, detail and what to do.
 * @module
 */

export interface AdminClientOptions {
  /** The admin API's base URL, `http://127.0.0.1:8080/mcp/admin/v1` (see {@link adminApiUrl}). */
  baseUrl: string;
  /** An `admin` key's value. */
  adminKey: string;
  /** Aborts requests in flight (SIGINT). */
  signal?: AbortSignal | undefined;
  /** Longest wait for one answer. Default 30 s. */
  timeoutMs?: number | undefined;
  /** What to do about a refused key (`key_invalid`, `key_wrong_type`); default: the admin key's fix. */
  keyFix?: string | undefined;
}

/** The prefix a gateway serves under unless started with `--prefix`. */
export const DEFAULT_GATEWAY_PREFIX = '/mcp';
const ADMIN_PATH = '/admin/v1';
const DEFAULT_TIMEOUT_MS = 30_000;
/** Items per page asked for (the API's most). */
const PAGE_LIMIT = 500;
/** A list longer than this many pages is cut: nothing a server sends grows memory without bound. */
const MAX_PAGES = 200;
/** Largest answer read. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/**
 * The admin API's base URL for what a person gives as `--url`: a gateway origin
 * (`http://127.0.0.1:8080`, prefix `/mcp` then), an origin with the gateway's prefix
 * (`http://host/gw`), or the admin API's own URL (`.../admin/v1`, as `serve` prints it).
 * @throws CliError `invalid_value` for anything but an http(s) URL without query or fragment.
 */
export function adminApiUrl(text: string, source = '--url'): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    url = new URL('about:blank');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '') {
    throw new CliError(
      'invalid_value',
      `${source} takes the gateway's http(s) URL, e.g. ${source === '--url' ? '--url ' : `${source}=`}http://127.0.0.1:8080; got '${text}'`,
    );
  }
  const path = url.pathname.replace(/\/+$/, '');
  // An agent's MCP URL ({prefix}/v1/{workspace}/{agent}) is the likeliest wrong one: say which is right.
  if (/\/v1\/[^/]+\/[^/]+$/.test(path) && !path.endsWith(ADMIN_PATH)) {
    throw new CliError(
      'invalid_value',
      `${source} takes the gateway's URL, not an agent's MCP URL: give ${url.origin} (add the gateway's --prefix when it is not ${DEFAULT_GATEWAY_PREFIX}, e.g. ${url.origin}/PREFIX); got '${text}'`,
    );
  }
  const base = path.endsWith(ADMIN_PATH)
    ? path
    : `${path === '' ? DEFAULT_GATEWAY_PREFIX : path}${ADMIN_PATH}`;
  return `${url.origin}${base}`;
}

/** What to do about a refusal, by the problem's code. */
function fixFor(problem: AdminProblem): string | undefined {
  switch (problem.code) {
    case 'key_invalid':
      return 'set MCPFORGE_ADMIN_KEY (or --admin-key-file) to an admin key of this gateway: serve prints the first one when it creates a database, and mcpforge gateway keys create --type admin makes more';
    case 'key_wrong_type':
      return 'the admin API takes admin keys only, not mcp_client or approval keys';
    case 'not_found':
      return "check the names: 'mcpforge gateway workspaces' lists the workspaces, 'operations list' and 'agents list' what a workspace has";
    case 'already_exists':
      return 'pick another slug, or use the existing one';
    case 'upstream_not_allowed':
      return "the operation's upstream host is not on the workspace's allow-list (POST /workspaces/{workspace}/upstream-hosts)";
    case 'operation_not_published':
      return "publish the agent's operations first: mcpforge gateway operations publish <operation> --workspace <slug>";
    default:
      return undefined;
  }
}

function refusal(problem: AdminProblem, status: number, what: string, keyFix?: string): CliError {
  const title = problem.title ?? `HTTP ${status}`;
  const detail = problem.detail !== undefined && problem.detail !== title ? `: ${problem.detail}` : '';
  const keyRefused = problem.code === 'key_invalid' || problem.code === 'key_wrong_type';
  const fix = keyRefused && keyFix !== undefined ? keyFix : fixFor(problem);
  const code = problem.code ?? 'unknown';
  return new CliError(
    'admin_refused',
    `${what} refused (${status} ${code}): ${title}${detail}${fix === undefined ? '' : `. ${fix}`}`,
    {
      details:
        problem.field === undefined
          ? { status, problem: code }
          : { status, problem: code, field: problem.field },
    },
  );
}

/** Why a request got no answer, for a person. */
function unreachable(error: unknown, baseUrl: string, timeoutMs: number): CliError {
  const origin = new URL(baseUrl).origin;
  const cause = (error as { cause?: { code?: string } }).cause;
  const code = cause?.code ?? (error as { code?: string }).code;
  const name = (error as { name?: string }).name;
  let message: string;
  if (code === 'ECONNREFUSED') {
    message = `no gateway at ${origin}: start one with mcpforge gateway serve, or give its URL with --url (or MCPFORGE_GATEWAY_URL)`;
  } else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    message = `no gateway at ${origin}: the host name does not resolve; check --url (or MCPFORGE_GATEWAY_URL)`;
  } else if (name === 'TimeoutError') {
    message = `the gateway at ${origin} did not answer within ${timeoutMs} ms`;
  } else if (name === 'AbortError') {
    message = `stopped before the gateway at ${origin} answered`;
  } else {
    const reason =
      cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
    message = `could not reach the gateway at ${origin}: ${reason}`;
  }
  return new CliError('gateway_unreachable', message, { cause: error });
}

/** Reads at most `MAX_ANSWER_BYTES` of a body as text. */
async function boundedText(response: Response): Promise<string> {
  const length = Number(response.headers.get('content-length') ?? '0');
  if (length > MAX_ANSWER_BYTES) {
    await response.body?.cancel();
    throw new CliError('gateway_unreachable', `the gateway's answer is over ${MAX_ANSWER_BYTES} bytes`);
  }
  if (response.body === null) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > MAX_ANSWER_BYTES) {
      throw new CliError('gateway_unreachable', `the gateway's answer is over ${MAX_ANSWER_BYTES} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A signal that aborts at the timeout or with `outer` (SIGINT), and `release`, which drops the
 * listener on `outer` once the request is over (one per request would pile up on a long list).
 * Written out because `AbortSignal.any` is missing before Node 20.3.
 */
function requestSignal(timeoutMs: number, outer: AbortSignal | undefined) {
  const timeout = AbortSignal.timeout(timeoutMs);
  if (outer === undefined) return { signal: timeout, release: () => undefined };
  const controller = new AbortController();
  const onOuter = () => controller.abort(outer.reason);
  if (outer.aborted) onOuter();
  outer.addEventListener('abort', onOuter, { once: true });
  timeout.addEventListener('abort', () => controller.abort(timeout.reason), { once: true });
  return { signal: controller.signal, release: () => outer.removeEventListener('abort', onOuter) };
}

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

type Query = Record<string, string | boolean | undefined>;

/** The admin API of one gateway, with one admin key. */
export class AdminClient {
  readonly baseUrl: string;
  readonly #key: string;
  readonly #signal: AbortSignal | undefined;
  readonly #timeoutMs: number;
  readonly #keyFix: string | undefined;

  constructor(options: AdminClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#key = options.adminKey;
    this.#signal = options.signal;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#keyFix = options.keyFix;
  }

  /** The same gateway's approval API (`{prefix}/v1`), with an approval key. */
  approvalApi(approvalKey: string, keyFix: string): AdminClient {
    return new AdminClient({
      baseUrl: `${this.baseUrl.slice(0, -ADMIN_PATH.length)}/v1`,
      adminKey: approvalKey,
      signal: this.#signal,
      timeoutMs: this.#timeoutMs,
      keyFix,
    });
  }

  /**
   * One request; `what` names it in messages (`creating workspace 'acme'`).
   * @throws CliError `gateway_unreachable`, `admin_refused`.
   */
  async request<T>(
    method: string,
    path: string,
    options: { body?: unknown; query?: Query; what: string },
  ): Promise<T> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== false) url.searchParams.set(name, String(value));
    }
    const { signal, release } = requestSignal(this.#timeoutMs, this.#signal);
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#key}`,
      accept: 'application/json',
    };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: options.body === undefined ? null : JSON.stringify(options.body),
        signal,
        redirect: 'error',
      });
      text = await boundedText(response);
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw unreachable(error, this.baseUrl, this.#timeoutMs);
    } finally {
      release();
    }
    if (response.status === 204 && text === '') return undefined as T;
    const type = response.headers.get('content-type') ?? '';
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!/^application\/(problem\+)?json\b/.test(type) || (text !== '' && parsed === undefined)) {
      throw new CliError(
        'gateway_unreachable',
        `${url.origin} answered ${options.what} with HTTP ${response.status} (${type || 'no content type'}), not as a gateway's admin API does: check --url, and the gateway's --prefix if it has one (--url http://host:port/PREFIX)`,
      );
    }
    if (!response.ok) {
      throw refusal((parsed ?? {}) as AdminProblem, response.status, options.what, this.#keyFix);
    }
    return parsed as T;
  }

  /** Every item of a list, page after page. */
  async list<T>(path: string, options: { query?: Query; what: string }): Promise<T[]> {
    const items: T[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < MAX_PAGES; pages++) {
      const page = await this.request<Page<T>>('GET', path, {
        what: options.what,
        query: { ...options.query, limit: String(PAGE_LIMIT), cursor },
      });
      items.push(...page.items);
      if (page.nextCursor === null || page.nextCursor === undefined) return items;
      cursor = page.nextCursor;
    }
    return items;
  }

  listWorkspaces(): Promise<Workspace[]> {
    return this.list('/workspaces', { what: 'listing workspaces' });
  }

  createWorkspace(slug: string): Promise<Workspace> {
    return this.request('POST', '/workspaces', { body: { slug }, what: `creating workspace '${slug}'` });
  }

  listKeys(
    filter: { workspace?: string | undefined; type?: KeyType | undefined; includeRevoked?: boolean } = {},
  ) {
    return this.list<ApiKey>('/keys', {
      what: 'listing keys',
      query: { workspace: filter.workspace, type: filter.type, includeRevoked: filter.includeRevoked },
    });
  }

  createKey(input: CreateKeyInput): Promise<CreatedKey> {
    const body = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    return this.request('POST', '/keys', { body, what: `creating a ${input.type} key` });
  }

  revokeKey(id: string): Promise<ApiKey> {
    return this.request('POST', `/keys/${encodeURIComponent(id)}/revoke`, { what: `revoking key '${id}'` });
  }

  listOperations(workspace: string, options: { includeArchived?: boolean } = {}): Promise<Operation[]> {
    return this.list(`/workspaces/${encodeURIComponent(workspace)}/operations`, {
      what: `listing the operations of '${workspace}'`,
      query: { includeArchived: options.includeArchived },
    });
  }

  getOperation(workspace: string, operation: string): Promise<Operation> {
    return this.request('GET', `${operationPath(workspace, operation)}`, {
      what: `reading operation '${operation}' of '${workspace}'`,
    });
  }

  createOperation(workspace: string, slug: string, draft: OperationDraft): Promise<Operation> {
    return this.request('POST', `/workspaces/${encodeURIComponent(workspace)}/operations`, {
      body: { slug, draft },
      what: `creating operation '${slug}' in '${workspace}'`,
    });
  }

  updateOperationDraft(
    workspace: string,
    operation: string,
    draft: OperationDraft,
    expectedDraftRevision?: number,
  ): Promise<Operation> {
    return this.request('PUT', `${operationPath(workspace, operation)}/draft`, {
      body: expectedDraftRevision === undefined ? { draft } : { draft, expectedDraftRevision },
      what: `updating the draft of operation '${operation}' of '${workspace}'`,
    });
  }

  publishOperation(workspace: string, operation: string): Promise<PublishedOperation> {
    return this.request('POST', `${operationPath(workspace, operation)}/publish`, {
      what: `publishing operation '${operation}' of '${workspace}'`,
    });
  }

  listAgents(workspace: string, options: { includeArchived?: boolean } = {}): Promise<Agent[]> {
    return this.list(`/workspaces/${encodeURIComponent(workspace)}/agents`, {
      what: `listing the agents of '${workspace}'`,
      query: { includeArchived: options.includeArchived },
    });
  }

  createAgent(workspace: string, slug: string, draft?: AgentDraft): Promise<Agent> {
    return this.request('POST', `/workspaces/${encodeURIComponent(workspace)}/agents`, {
      body: draft === undefined ? { slug } : { slug, draft },
      what: `creating agent '${slug}' in '${workspace}'`,
    });
  }

  publishAgent(workspace: string, agent: string): Promise<PublishedAgent> {
    return this.request(
      'POST',
      `/workspaces/${encodeURIComponent(workspace)}/agents/${encodeURIComponent(agent)}/publish`,
      { what: `publishing agent '${agent}' of '${workspace}'` },
    );
  }

  getAgent(workspace: string, agent: string): Promise<Agent> {
    return this.request('GET', agentPath(workspace, agent), {
      what: `reading agent '${agent}' of '${workspace}'`,
    });
  }

  updateAgentDraft(workspace: string, agent: string, draft: AgentDraft): Promise<Agent> {
    return this.request('PUT', `${agentPath(workspace, agent)}/draft`, {
      body: { draft },
      what: `updating the draft of agent '${agent}' of '${workspace}'`,
    });
  }

  archiveAgent(workspace: string, agent: string): Promise<Agent> {
    return this.request('POST', `${agentPath(workspace, agent)}/archive`, {
      what: `archiving agent '${agent}' of '${workspace}'`,
    });
  }

  archiveOperation(workspace: string, operation: string): Promise<Operation> {
    return this.request('POST', `${operationPath(workspace, operation)}/archive`, {
      what: `archiving operation '${operation}' of '${workspace}'`,
    });
  }

  listSections(workspace: string): Promise<Section[]> {
    return this.list(`${workspacePath(workspace)}/sections`, {
      what: `listing the sections of '${workspace}'`,
    });
  }

  createSection(workspace: string, input: SectionInput & { slug: string }): Promise<Section> {
    return this.request('POST', `${workspacePath(workspace)}/sections`, {
      body: defined(input),
      what: `creating section '${input.slug}' in '${workspace}'`,
    });
  }

  updateSection(workspace: string, section: string, input: SectionInput): Promise<Section> {
    return this.request('PATCH', `${workspacePath(workspace)}/sections/${encodeURIComponent(section)}`, {
      body: defined(input),
      what: `changing section '${section}' of '${workspace}'`,
    });
  }

  listUpstreamHosts(workspace: string): Promise<UpstreamHost[]> {
    return this.list(`${workspacePath(workspace)}/upstream-hosts`, {
      what: `listing the allow-list of '${workspace}'`,
    });
  }

  putUpstreamHost(workspace: string, input: UpstreamHostInput): Promise<UpstreamHost> {
    return this.request('POST', `${workspacePath(workspace)}/upstream-hosts`, {
      body: defined(input),
      what: `allowing '${input.hostPattern}' in '${workspace}'`,
    });
  }

  removeUpstreamHost(workspace: string, hostPattern: string): Promise<void> {
    return this.request(
      'DELETE',
      `${workspacePath(workspace)}/upstream-hosts/${encodeURIComponent(hostPattern)}`,
      { what: `removing '${hostPattern}' from the allow-list of '${workspace}'` },
    );
  }

  /** One page of history, newest first. */
  historyPage(
    filter: HistoryFilter,
    limit: number,
  ): Promise<{ items: Invocation[]; nextCursor: string | null }> {
    return this.request('GET', '/history', {
      what: 'listing the history',
      query: { ...filter, limit: String(limit) },
    });
  }

  listApprovals(filter: { workspace: string; agent?: string | undefined; status?: string | undefined }) {
    return this.list<Approval>('/approvals', {
      what: `listing the approval requests of '${filter.workspace}'`,
      query: filter,
    });
  }

  getApproval(workspace: string, agent: string, id: string): Promise<Approval> {
    return this.request('GET', `${agentPath(workspace, agent)}/approvals/${encodeURIComponent(id)}`, {
      what: `reading approval request '${id}'`,
    });
  }

  exportConfig(workspace: string): Promise<ConfigDocument> {
    return this.request('GET', `${workspacePath(workspace)}/config`, {
      what: `exporting workspace '${workspace}'`,
    });
  }

  applyConfig(document: unknown, dryRun: boolean): Promise<ConfigPlan> {
    return this.request('POST', '/config/apply', {
      body: document,
      query: { dryRun },
      what: dryRun ? 'planning the apply' : 'applying the document',
    });
  }
}

const workspacePath = (workspace: string) => `/workspaces/${encodeURIComponent(workspace)}`;

const operationPath = (workspace: string, operation: string) =>
  `${workspacePath(workspace)}/operations/${encodeURIComponent(operation)}`;

const agentPath = (workspace: string, agent: string) =>
  `${workspacePath(workspace)}/agents/${encodeURIComponent(agent)}`;

/** `input` without its undefined members, as a JSON body. */
function defined(input: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}
