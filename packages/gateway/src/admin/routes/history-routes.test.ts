import { afterAll, beforeAll, expect, it } from 'vitest';
import { publishAgent } from '../../catalog/agent-versions-table.js';
import { createAgent } from '../../catalog/agents-table.js';
import { publishOperation } from '../../catalog/operation-versions-table.js';
import { createOperation } from '../../catalog/operations-table.js';
import { type InvocationRecord, insertInvocations } from '../../history/history-table.js';
import { createKey } from '../../keys/api-keys-table.js';
import { type AdminServer, startAdminServer } from '../../test-support/admin-server.js';
import { frankfurterDraft, seedWorkspace } from '../../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../../test-support/describe-each-database.js';

describeEachDatabase('admin routes: history and first-call evidence', (fixture) => {
  let admin: AdminServer;
  let workspace: string;
  let keyId: string;
  let otherKeyId: string;
  let record: (overrides: Partial<InvocationRecord>) => InvocationRecord;
  const t0 = Date.parse('2026-11-30T12:00:00.000Z');

  beforeAll(async () => {
    const db = fixture.db();
    admin = await startAdminServer(db);
    workspace = await seedWorkspace(db);
    await createOperation(db, workspace, { slug: 'latest', draft: frankfurterDraft() });
    await publishOperation(db, workspace, 'latest');
    await createAgent(db, workspace, { slug: 'rates', draft: { operations: ['latest'] } });
    await createAgent(db, workspace, { slug: 'quiet' });
    const { catalog } = await publishAgent(db, workspace, 'rates');
    const { id: workspaceId } = (await admin.call('GET', `/workspaces/${workspace}`)).body;
    keyId = (await createKey(db, { type: 'mcp_client', name: 'k1', workspace, agent: 'rates' })).key.id;
    otherKeyId = (await createKey(db, { type: 'mcp_client', name: 'k2', workspace, agent: 'rates' })).key.id;
    record = (overrides) => ({
      keyId,
      workspaceId,
      agentId: catalog.agentId,
      agentVersionId: catalog.agentVersionId,
      operationVersionId: catalog.tools[0]!.operationVersionId,
      tool: 'frankfurter_latest_rate',
      era: 'legacy',
      calledAt: new Date(t0),
      requestId: 'req',
      traceId: '0af7651916cd43dd8448eb211c80319c',
      outcome: 'success',
      errorCode: null,
      durationMs: 12,
      handshakeComplete: true,
      ...overrides,
    });
    const rows: InvocationRecord[] = [];
    // Five calls in one millisecond, then one a second for five seconds.
    for (let i = 0; i < 5; i += 1) rows.push(record({ requestId: `same-${i}` }));
    for (let i = 1; i <= 5; i += 1) {
      rows.push(
        record({
          requestId: `later-${i}`,
          calledAt: new Date(t0 + i * 1000),
          outcome: i % 2 === 0 ? 'tool_error' : 'success',
          errorCode: i % 2 === 0 ? 'upstream_timeout' : null,
          keyId: i === 5 ? otherKeyId : keyId,
        }),
      );
    }
    await insertInvocations(db, rows);
  });
  afterAll(() => admin.close());

  it('pages through history newest first, never skipping or repeating calls of the same millisecond', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '' : `&cursor=${cursor}`;
      const page = await admin.call('GET', `/history?workspace=${workspace}&limit=2${query}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((row: { requestId: string }) => row.requestId));
      cursor = page.body.nextCursor;
    } while (cursor !== null);
    expect(seen.slice(0, 5)).toEqual(['later-5', 'later-4', 'later-3', 'later-2', 'later-1']);
    expect(seen.slice(5).sort()).toEqual(['same-0', 'same-1', 'same-2', 'same-3', 'same-4']);
    expect(seen).toHaveLength(10);
  });

  it('filters by agent, key, outcome and time; a row holds ids and names, no payload', async () => {
    const ids = async (query: string) =>
      (await admin.call('GET', `/history?${query}`)).body.items.map(
        (row: { requestId: string }) => row.requestId,
      );
    expect(await ids(`workspace=${workspace}&agent=quiet`)).toEqual([]);
    expect(await ids(`workspace=${workspace}&agent=rates&outcome=tool_error`)).toEqual([
      'later-4',
      'later-2',
    ]);
    expect(await ids(`key=${otherKeyId}`)).toEqual(['later-5']);
    const since = new Date(t0 + 2000).toISOString();
    const until = new Date(t0 + 4000).toISOString();
    expect(await ids(`workspace=${workspace}&since=${since}&until=${until}`)).toEqual(['later-3', 'later-2']);
    const [row] = (await admin.call('GET', `/history?key=${otherKeyId}`)).body.items;
    expect(row).toMatchObject({
      agent: 'rates',
      operation: 'latest',
      operationVersion: 1,
      outcome: 'success',
    });
    expect(Object.keys(row)).not.toContain('arguments');
  });

  it('history filters are checked: unknown names 404, bad values 400 naming the parameter', async () => {
    expect((await admin.call('GET', '/history?workspace=nope')).status).toBe(404);
    expect((await admin.call('GET', `/history?workspace=${workspace}&agent=nope`)).status).toBe(404);
    expect((await admin.call('GET', '/history?key=00000000-0000-0000-0000-000000000000')).status).toBe(404);
    for (const [query, field] of [
      ['agent=rates', 'agent'],
      ['outcome=maybe', 'outcome'],
      ['since=yesterday', 'since'],
      ['until=2026-13-45T00:00:00Z', 'until'],
      ['cursor=abc', 'cursor'],
    ]) {
      const answer = await admin.call('GET', `/history?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.field, query).toBe(field);
    }
  });

  it('first-call evidence: confirmed with the proving row, actionable with a reason, 404 for no key', async () => {
    const confirmed = await admin.call('GET', `/keys/${keyId}/first-call`);
    expect(confirmed.body).toMatchObject({
      keyId,
      state: 'confirmed',
      invocation: { keyId, outcome: 'success' },
    });
    const fresh = (
      await createKey(fixture.db(), { type: 'mcp_client', name: 'k3', workspace, agent: 'rates' })
    ).key;
    expect((await admin.call('GET', `/keys/${fresh.id}/first-call`)).body).toEqual({
      keyId: fresh.id,
      state: 'actionable',
      reason: 'no_qualifying_call',
    });
    await admin.call('POST', `/keys/${otherKeyId}/revoke`);
    expect((await admin.call('GET', `/keys/${otherKeyId}/first-call`)).body.reason).toBe('key_revoked');
    expect((await admin.call('GET', '/keys/00000000-0000-0000-0000-000000000000/first-call')).status).toBe(
      404,
    );
  });
});
