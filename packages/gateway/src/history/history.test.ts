import { afterAll, beforeAll, expect, it } from 'vitest';
import { archiveAgent } from '../catalog/agents-table.js';
import { archiveOperation } from '../catalog/operations-table.js';
import { createKey } from '../keys/api-keys-table.js';
import { describeEachDatabase, describePostgres } from '../test-support/describe-each-database.js';
import {
  LegacyClient,
  type ListeningGateway,
  listenGateway,
  modernRequest,
  RATES_ANSWER,
  type SeededAgent,
  seedAgent,
} from '../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';
import { firstCallEvidence } from './first-call-evidence.js';
import { listInvocations } from './history-table.js';

const CALL = { name: 'frankfurter_latest_rate', arguments: { base: 'USD', quote: 'EUR' } };
/** An argument value that must never reach history. */
const FAILING = { name: 'frankfurter_latest_rate', arguments: { base: 'QZX', quote: 'EUR' } };

function withUpstream(): { start(): Promise<TestUpstream> } {
  return {
    start: () =>
      startUpstream((request, response) => {
        if (request.url.includes('QZX')) response.writeHead(503).end('down');
        else
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(RATES_ANSWER));
      }),
  };
}

describeEachDatabase('invocation history and first-call evidence', (fixture) => {
  let upstream: TestUpstream;
  let gateway: ListeningGateway;

  beforeAll(async () => {
    upstream = await withUpstream().start();
    gateway = await listenGateway(fixture.db());
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  async function connected(seeded: SeededAgent, key = seeded.key): Promise<LegacyClient> {
    const client = new LegacyClient(`${gateway.origin}${seeded.path}`, key);
    await client.connect();
    await client.request('tools/list');
    return client;
  }

  async function evidence(keyId: string) {
    await gateway.gateway.flushHistory();
    return firstCallEvidence(fixture.db(), keyId);
  }

  it('records every tools/call: ids, immutable operation version, outcome, error code; never arguments', async () => {
    const seeded = await seedAgent(fixture.db(), upstream);
    const client = await connected(seeded);
    const ok = await client.request('tools/call', CALL);
    const failed = await client.request('tools/call', FAILING);
    const invalid = await client.request('tools/call', {
      name: 'frankfurter_latest_rate',
      arguments: { base: 1 },
    });
    const unknown = await client.request('tools/call', { name: 'no_such_tool', arguments: {} });
    await gateway.gateway.flushHistory();
    const rows = (await listInvocations(fixture.db(), { keyId: seeded.keyId })).reverse();
    expect(rows.map((row) => [row.outcome, row.errorCode, row.tool])).toEqual([
      ['success', null, 'frankfurter_latest_rate'],
      ['tool_error', 'upstream_unavailable', 'frankfurter_latest_rate'],
      ['tool_error', 'arguments_invalid', 'frankfurter_latest_rate'],
      ['rejected', 'tool_not_found', null],
    ]);
    expect(failed.body.result.structuredContent.error_code).toBe('upstream_unavailable');
    const [first] = rows;
    expect(first).toMatchObject({
      keyId: seeded.keyId,
      workspace: seeded.workspace,
      agent: seeded.agent,
      operation: 'latest-rate',
      operationVersion: 1,
      era: 'legacy',
      requestId: ok.headers.get('x-request-id'),
      traceId: ok.headers.get('x-trace-id'),
      handshakeComplete: true,
    });
    expect(first?.calledAt).toBeInstanceOf(Date);
    expect(first?.durationMs).toBeGreaterThanOrEqual(0);
    expect(rows.map((row) => row.requestId)).toEqual(
      [ok, failed, invalid, unknown].map((answer) => answer.headers.get('x-request-id')),
    );
    const stored = JSON.stringify(
      (await fixture.db().query('SELECT * FROM invocation_history WHERE key_id = $1', [seeded.keyId])).rows,
    );
    for (const secret of ['QZX', seeded.key, 'down', 'base']) expect(stored).not.toContain(secret);
  });

  it('the full legacy sequence then a successful call is the evidence, pointing at its history row', async () => {
    const seeded = await seedAgent(fixture.db(), upstream);
    expect(await evidence(seeded.keyId)).toEqual({
      keyId: seeded.keyId,
      state: 'actionable',
      reason: 'no_qualifying_call',
    });
    const client = await connected(seeded);
    const call = await client.request('tools/call', CALL);
    const found = await evidence(seeded.keyId);
    expect(found).toMatchObject({
      state: 'confirmed',
      invocation: { requestId: call.headers.get('x-request-id') },
    });
  });

  it('discovery alone, a failed call, or a skipped notifications/initialized is no evidence', async () => {
    const db = fixture.db();
    const discovery = await seedAgent(db, upstream);
    await connected(discovery);
    expect(await evidence(discovery.keyId)).toMatchObject({
      state: 'actionable',
      reason: 'no_qualifying_call',
    });

    const failing = await seedAgent(db, upstream);
    await (await connected(failing)).request('tools/call', FAILING);
    expect(await evidence(failing.keyId)).toMatchObject({ state: 'actionable' });

    const hasty = await seedAgent(db, upstream);
    const client = new LegacyClient(`${gateway.origin}${hasty.path}`, hasty.key);
    await client.initialize();
    await client.request('tools/list');
    expect((await client.request('tools/call', CALL)).body.result.isError).toBeUndefined();
    expect(await evidence(hasty.keyId)).toMatchObject({ state: 'actionable' });
  });

  it('a success with another key of the same agent does not count for the key that did the handshake', async () => {
    const db = fixture.db();
    const seeded = await seedAgent(db, upstream);
    await connected(seeded);
    const other = await createKey(db, {
      type: 'mcp_client',
      name: 'other',
      workspace: seeded.workspace,
      agent: seeded.agent,
    });
    const stranger = new LegacyClient(`${gateway.origin}${seeded.path}`, other.value);
    await stranger.initialize();
    expect((await stranger.request('tools/call', CALL)).status).toBe(200);
    expect(await evidence(seeded.keyId)).toMatchObject({ state: 'actionable' });
    expect(await evidence(other.key.id)).toMatchObject({ state: 'actionable' });
  });

  it('modern era: tools/list then a successful tools/call by the same key; a call without the listing does not count', async () => {
    const db = fixture.db();
    const seeded = await seedAgent(db, upstream);
    const url = `${gateway.origin}${seeded.path}`;
    const unlisted = await createKey(db, {
      type: 'mcp_client',
      name: 'u',
      workspace: seeded.workspace,
      agent: seeded.agent,
    });
    expect((await modernRequest(url, unlisted.value, 'tools/call', CALL, CALL.name)).status).toBe(200);
    expect(await evidence(unlisted.key.id)).toMatchObject({ state: 'actionable' });

    await modernRequest(url, seeded.key, 'tools/list');
    await gateway.gateway.flushHistory();
    const call = await modernRequest(url, seeded.key, 'tools/call', CALL, CALL.name);
    expect(await evidence(seeded.keyId)).toMatchObject({
      state: 'confirmed',
      invocation: { era: 'modern', requestId: call.headers.get('x-request-id') },
    });
  });

  it('onboarding goes back to its actionable state when the key is revoked or the agent or operation archived', async () => {
    const db = fixture.db();
    const confirmed = async () => {
      const seeded = await seedAgent(db, upstream);
      await (await connected(seeded)).request('tools/call', CALL);
      expect(await evidence(seeded.keyId)).toMatchObject({ state: 'confirmed' });
      return seeded;
    };
    const revoked = await confirmed();
    await gateway.gateway.keys.revoke(revoked.keyId);
    expect(await evidence(revoked.keyId)).toMatchObject({ state: 'actionable', reason: 'key_revoked' });

    const agentGone = await confirmed();
    await archiveAgent(db, agentGone.workspace, agentGone.agent);
    expect(await evidence(agentGone.keyId)).toMatchObject({
      state: 'actionable',
      reason: 'no_qualifying_call',
    });

    const operationGone = await confirmed();
    await archiveOperation(db, operationGone.workspace, 'latest-rate');
    expect(await evidence(operationGone.keyId)).toMatchObject({
      state: 'actionable',
      reason: 'no_qualifying_call',
    });

    const admin = await createKey(db, { type: 'admin', name: 'ops' });
    expect(await firstCallEvidence(db, admin.key.id)).toMatchObject({
      state: 'actionable',
      reason: 'not_mcp_client',
    });
    expect(await firstCallEvidence(db, 'not-a-uuid')).toMatchObject({
      state: 'actionable',
      reason: 'key_not_found',
    });
  });
});

describePostgres('history never delays the answer', (fixture) => {
  it('a call is answered while the history table is locked by another connection; its row lands afterwards', async () => {
    const upstream = await withUpstream().start();
    const gateway = await listenGateway(fixture.db(), { history: { flushMs: 1 } });
    const locker = await fixture.connectAgain();
    try {
      const seeded = await seedAgent(fixture.db(), upstream);
      const client = new LegacyClient(`${gateway.origin}${seeded.path}`, seeded.key);
      await client.connect();
      await client.request('tools/list');
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked: () => void = () => undefined;
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const lock = locker.transaction(async (tx) => {
        await tx.query('LOCK TABLE invocation_history IN ACCESS EXCLUSIVE MODE');
        locked();
        await held;
      });
      await isLocked;
      const call = await client.request('tools/call', CALL);
      expect(call.body.result.structuredContent).toEqual(RATES_ANSWER);
      release();
      await lock;
      await gateway.gateway.flushHistory();
      const rows = await listInvocations(fixture.db(), { keyId: seeded.keyId });
      expect(rows.map((row) => row.requestId)).toEqual([call.headers.get('x-request-id')]);
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });
});
