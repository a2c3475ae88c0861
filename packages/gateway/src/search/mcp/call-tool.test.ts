import { TASKS_EXTENSION } from '@mcpforge/server/tasks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { INVOICE_TOOL } from '../../approvals/approval-fixture.js';
import { publishAgent } from '../../catalog/agent-versions-table.js';
import { getAgent, updateAgentDraft } from '../../catalog/agents-table.js';
import { createKey } from '../../keys/api-keys-table.js';
import { describeEachDatabase } from '../../test-support/describe-each-database.js';
import {
  type Answer,
  LegacyClient,
  type ListeningGateway,
  listenGateway,
  MODERN_VERSION,
  postJson,
  RATES_ANSWER,
} from '../../test-support/gateway-fixture.js';
import { DELETE_TOOL, type SeededSearchAgents, seedSearchAgents } from '../../test-support/search-fixture.js';
import { startUpstream, type TestUpstream } from '../../test-support/upstream-server.js';

const APPROVAL_ID = /approval_[0-9A-HJKMNP-TV-Z]{26}/;
const RATE_ARGS = { base: 'USD', quote: 'EUR' };

/** A modern request that may declare the tasks extension. */
function modern(
  url: string,
  key: string,
  method: string,
  params: Record<string, unknown>,
  tasks = false,
): Promise<Answer> {
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
    'io.modelcontextprotocol/clientCapabilities': tasks ? { extensions: { [TASKS_EXTENSION]: {} } } : {},
  };
  const headers: Record<string, string> = {
    authorization: `Bearer ${key}`,
    'mcp-protocol-version': MODERN_VERSION,
    'mcp-method': method,
  };
  const name = params['name'] ?? params['taskId'];
  if (typeof name === 'string') headers['mcp-name'] = name;
  return postJson(url, { jsonrpc: '2.0', id: 7, method, params: { ...params, _meta } }, headers);
}

/** A tool error with its request's own ids blanked, so the errors of two requests compare equal. */
function withoutIds(result: { structuredContent: Record<string, unknown> }): unknown {
  const error = { ...result.structuredContent, request_id: '', trace_id: '' };
  return { ...result, structuredContent: error, content: [{ type: 'text', text: JSON.stringify(error) }] };
}

describeEachDatabase('search mode: call_tool', (fixture) => {
  let upstream: TestUpstream;
  let gateway: ListeningGateway;
  let seeded: SeededSearchAgents;
  let searchUrl: string;
  let search: LegacyClient;
  let direct: LegacyClient;

  const revision = async (): Promise<string> =>
    (await search.request('tools/call', { name: 'search_tools', arguments: { query: 'anything' } })).body
      .result.structuredContent.catalog_revision;
  const callTool = (args: Record<string, unknown>, meta?: Record<string, unknown>) =>
    search.request('tools/call', { name: 'call_tool', arguments: args, ...(meta ? { _meta: meta } : {}) });
  const historyOf = async (answer: Answer) => {
    await gateway.gateway.flushHistory();
    const { rows } = await fixture.db().query<{
      tool: string | null;
      operation_version_id: string | null;
      outcome: string;
      error_code: string | null;
    }>(
      'SELECT tool, operation_version_id, outcome, error_code FROM invocation_history WHERE request_id = $1',
      [answer.headers.get('x-request-id')],
    );
    return rows;
  };

  beforeAll(async () => {
    upstream = await startUpstream((request, response) => {
      const body = request.url.startsWith('/v1/latest') ? RATES_ANSWER : { ok: true };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    gateway = await listenGateway(fixture.db(), { history: { flushMs: 5 }, catalogRefreshMs: 50 });
    seeded = await seedSearchAgents(fixture.db(), upstream);
    searchUrl = `${gateway.origin}${seeded.search.path}`;
    search = new LegacyClient(searchUrl, seeded.search.key);
    direct = new LegacyClient(`${gateway.origin}${seeded.direct.path}`, seeded.direct.key);
    await search.connect();
    await direct.connect();
  });
  afterAll(async () => {
    await gateway?.gateway.approvals.close();
    await gateway?.close();
    await upstream?.close();
  });

  it('runs the tool as a direct tools/call does: the upstream reached with the same request, the same result; history records the inner tool', async () => {
    const before = upstream.requests.length;
    const viaSearch = await callTool({
      name: 'frankfurter_latest_rate',
      arguments: RATE_ARGS,
      catalog_revision: await revision(),
    });
    const viaDirect = await direct.request('tools/call', {
      name: 'frankfurter_latest_rate',
      arguments: RATE_ARGS,
    });
    expect(viaSearch.body.result).toEqual(viaDirect.body.result);
    expect(viaSearch.body.result.structuredContent).toEqual(RATES_ANSWER);
    const sent = upstream.requests.slice(before);
    expect(sent.map((request) => request.url)).toEqual([
      '/v1/latest?base=USD&symbols=EUR',
      '/v1/latest?base=USD&symbols=EUR',
    ]);
    const [searchRow] = await historyOf(viaSearch);
    const [directRow] = await historyOf(viaDirect);
    expect(searchRow).toEqual({
      tool: 'frankfurter_latest_rate',
      operation_version_id: directRow?.operation_version_id,
      outcome: 'success',
      error_code: null,
    });
    expect(searchRow?.operation_version_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("enforces the inner tool's inputSchema exactly: the error a direct call gets, and the upstream is not reached", async () => {
    const before = upstream.requests.length;
    const catalog_revision = await revision();
    for (const bad of [
      { base: 'usd', quote: 'EUR' },
      { base: 'USD' },
      { base: 'USD', quote: 'EUR', extra: 1 },
      { base: 1, quote: 'EUR' },
    ]) {
      const viaSearch = await callTool({ name: 'frankfurter_latest_rate', arguments: bad, catalog_revision });
      const viaDirect = await direct.request('tools/call', {
        name: 'frankfurter_latest_rate',
        arguments: bad,
      });
      expect(viaSearch.body.result.isError).toBe(true);
      expect(withoutIds(viaSearch.body.result)).toEqual(withoutIds(viaDirect.body.result));
      expect((await historyOf(viaSearch))[0]).toMatchObject({
        tool: 'frankfurter_latest_rate',
        outcome: 'tool_error',
        error_code: 'arguments_invalid',
      });
    }
    expect(upstream.requests.length).toBe(before);
  });

  it("refuses a stale revision with agent_catalog_result_stale after a publish between search and call; a new search's revision works", async () => {
    const old = await revision();
    const agent = await getAgent(fixture.db(), seeded.workspace, seeded.search.agent);
    await updateAgentDraft(fixture.db(), seeded.workspace, seeded.search.agent, {
      ...agent.draft,
      defaultSearchLimit: 5,
    });
    await publishAgent(fixture.db(), seeded.workspace, seeded.search.agent);
    let fresh = old;
    for (let i = 0; i < 200 && fresh === old; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      fresh = await revision();
    }
    expect(fresh).not.toBe(old);
    const before = upstream.requests.length;
    const stale = await callTool({
      name: 'frankfurter_latest_rate',
      arguments: RATE_ARGS,
      catalog_revision: old,
    });
    const result = stale.body.result;
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({
      error_code: 'agent_catalog_result_stale',
      message:
        "This catalog_revision is not the agent's current one (the catalog changed since the search, or the revision was not copied from a search_tools answer): call search_tools again and pass the catalog_revision it returns.",
      stage: 'validate',
      retryability: 'not_retryable',
      outcome_certainty: 'not_executed',
      request_id: stale.headers.get('x-request-id'),
      trace_id: stale.headers.get('x-trace-id'),
    });
    expect(upstream.requests.length).toBe(before);
    expect((await historyOf(stale))[0]).toMatchObject({
      outcome: 'tool_error',
      error_code: 'agent_catalog_result_stale',
    });
    // A probe with the old revision is refused the same way, and runs nothing.
    const probe = await callTool(
      { name: DELETE_TOOL, arguments: { id: '1' }, catalog_revision: old },
      { 'forge.permission_patterns': true },
    );
    expect(probe.body.result.structuredContent.error_code).toBe('agent_catalog_result_stale');
    const ok = await callTool({
      name: 'frankfurter_latest_rate',
      arguments: RATE_ARGS,
      catalog_revision: fresh,
    });
    expect(ok.body.result.structuredContent).toEqual(RATES_ANSWER);
  });

  it('a revision that is not one (any string, too long, not a string) and an unknown tool are refused with errors that name the fix', async () => {
    const catalog_revision = await revision();
    const made = await callTool({
      name: 'frankfurter_latest_rate',
      arguments: RATE_ARGS,
      catalog_revision: 'v1',
    });
    expect(made.body.result.structuredContent.error_code).toBe('agent_catalog_result_stale');
    for (const bad of ['a'.repeat(129), 42, '']) {
      const refused = await callTool({
        name: 'frankfurter_latest_rate',
        arguments: RATE_ARGS,
        catalog_revision: bad,
      });
      expect(refused.body.result.isError).toBe(true);
      expect(refused.body.result.content[0].text).toContain('catalog_revision');
    }
    const missing = await callTool({ name: 'frankfurter_latest_rate', arguments: RATE_ARGS });
    expect(missing.body.result.content[0].text).toContain('catalog_revision');
    const unknown = await callTool({ name: 'no_such_tool', arguments: {}, catalog_revision });
    expect(unknown.body.result.isError).toBe(true);
    expect(unknown.body.result.structuredContent).toMatchObject({
      error_code: 'tool_not_found',
      message: 'This agent has no tool of that name: call search_tools and use a name it returns.',
      argument: 'name',
      outcome_certainty: 'not_executed',
    });
    expect((await historyOf(unknown))[0]).toMatchObject({
      tool: 'call_tool',
      operation_version_id: null,
      error_code: 'tool_not_found',
    });
  });

  it('the operations are reachable only through call_tool: a direct tools/call of one is an unknown tool', async () => {
    const answer = await search.request('tools/call', {
      name: 'frankfurter_latest_rate',
      arguments: RATE_ARGS,
    });
    expect(answer.body.error).toMatchObject({
      code: -32602,
      message: 'Unknown tool: frankfurter_latest_rate',
    });
  });

  it("a probe through call_tool answers the inner tool's patterns, as a direct probe does, and runs nothing", async () => {
    const before = upstream.requests.length;
    const probe = { 'forge.permission_patterns': true };
    const catalog_revision = await revision();
    const viaSearch = await callTool({ name: DELETE_TOOL, arguments: { id: '42' }, catalog_revision }, probe);
    const viaDirect = await direct.request('tools/call', {
      name: DELETE_TOOL,
      arguments: { id: '42' },
      _meta: probe,
    });
    const line = `DELETE 127.0.0.1:${upstream.port}`;
    expect(viaSearch.body.result).toEqual({
      content: [],
      _meta: { 'forge.patterns': [`${line}/contacts/42`], 'forge.always': [`${line}/contacts/{id}`] },
    });
    expect(viaSearch.body.result).toEqual(viaDirect.body.result);
    // Invalid inner arguments: the validation result, as direct; a tool without side effects: -32602, as direct.
    const invalid = await callTool({ name: DELETE_TOOL, arguments: {}, catalog_revision }, probe);
    expect(invalid.body.result.isError).toBe(true);
    expect(withoutIds(invalid.body.result)).toEqual(
      withoutIds(
        (await direct.request('tools/call', { name: DELETE_TOOL, arguments: {}, _meta: probe })).body.result,
      ),
    );
    const readOnly = await callTool(
      { name: 'frankfurter_latest_rate', arguments: RATE_ARGS, catalog_revision },
      probe,
    );
    expect(readOnly.body.error).toEqual(
      (
        await direct.request('tools/call', {
          name: 'frankfurter_latest_rate',
          arguments: RATE_ARGS,
          _meta: probe,
        })
      ).body.error,
    );
    expect(upstream.requests.length).toBe(before);
    // Without the flag the same call_tool runs the deletion.
    await callTool({ name: DELETE_TOOL, arguments: { id: '42' }, catalog_revision });
    expect(upstream.requests.slice(before).map((request) => `${request.method} ${request.url}`)).toEqual([
      'DELETE /contacts/42',
    ]);
  });

  it('an approval-required tool through call_tool: the plain approval_required result, the request stored for the inner tool, the upstream not reached', async () => {
    const before = upstream.requests.length;
    const call = await callTool({
      name: INVOICE_TOOL,
      arguments: { customer: 'ACME', amount: 120 },
      catalog_revision: await revision(),
    });
    const result = call.body.result;
    expect(result.structuredContent.status).toBe('approval_required');
    const id = result.structuredContent.approval_id as string;
    expect(id).toMatch(APPROVAL_ID);
    expect(result.structuredContent.approval_url).toBe(`${seeded.search.path}/approvals/${id}`);
    const { rows } = await fixture
      .db()
      .query<{ tool: string; status: string; request_id: string }>(
        'SELECT tool, status, request_id FROM approval_requests WHERE id = $1',
        [id],
      );
    expect(rows[0]).toEqual({
      tool: INVOICE_TOOL,
      status: 'pending',
      request_id: call.headers.get('x-request-id'),
    });
    expect((await historyOf(call))[0]).toMatchObject({ tool: INVOICE_TOOL, outcome: 'approval_required' });
    expect(upstream.requests.length).toBe(before);
  });

  it('an approval-required tool through call_tool for a client declaring tasks: a task, working while the request waits, completed with the upstream result once approved', async () => {
    const before = upstream.requests.length;
    const call = await modern(
      searchUrl,
      seeded.search.key,
      'tools/call',
      {
        name: 'call_tool',
        arguments: {
          name: INVOICE_TOOL,
          arguments: { customer: 'Tasks', amount: 3 },
          catalog_revision: await revision(),
        },
      },
      true,
    );
    expect(call.body.result).toMatchObject({ resultType: 'task', status: 'working' });
    const taskId = call.body.result.taskId as string;
    let message: string | undefined;
    for (let i = 0; i < 200 && message?.match(APPROVAL_ID) == null; i++) {
      const got = await modern(searchUrl, seeded.search.key, 'tasks/get', { taskId }, true);
      expect(got.body.result?.status, got.text).toBe('working');
      message = got.body.result.statusMessage;
      if (message?.match(APPROVAL_ID) == null) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const id = message?.match(APPROVAL_ID)?.[0];
    const { rows } = await fixture
      .db()
      .query<{ tool: string; status: string }>('SELECT tool, status FROM approval_requests WHERE id = $1', [
        id,
      ]);
    expect(rows[0]).toEqual({ tool: INVOICE_TOOL, status: 'pending' });
    expect(upstream.requests.length).toBe(before);
    // A person approves: the task completes with the upstream's result (tasks/get on the same endpoint).
    const approver = await createKey(fixture.db(), {
      type: 'approval',
      name: 'front end',
      workspace: seeded.workspace,
    });
    const ids = await fixture
      .db()
      .query<{ workspace_id: string; agent_id: string }>(
        'SELECT workspace_id, agent_id FROM approval_requests WHERE id = $1',
        [id],
      );
    const scope = { workspaceId: ids.rows[0]!.workspace_id, agentId: ids.rows[0]!.agent_id };
    expect((await gateway.gateway.approvals.approve(scope, id!, { keyId: approver.key.id }))?.status).toBe(
      'completed',
    );
    let settled: Answer | undefined;
    for (let i = 0; i < 200; i++) {
      settled = await modern(searchUrl, seeded.search.key, 'tasks/get', { taskId }, true);
      if (settled.body.result?.status !== 'working') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(settled?.body.result.status, settled?.text).toBe('completed');
    expect(upstream.requests.slice(before).map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /invoices',
    ]);
  });
});
