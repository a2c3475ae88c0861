import { afterAll, beforeAll, expect, it } from 'vitest';
import { INVOICE_TOOL } from '../../approvals/approval-fixture.js';
import { publishAgent } from '../../catalog/agent-versions-table.js';
import { createAgent, getAgent, updateAgentDraft } from '../../catalog/agents-table.js';
import { createKey } from '../../keys/api-keys-table.js';
import { describeEachDatabase } from '../../test-support/describe-each-database.js';
import {
  LegacyClient,
  type ListeningGateway,
  listenGateway,
  RATES_ANSWER,
} from '../../test-support/gateway-fixture.js';
import { DELETE_TOOL, type SeededSearchAgents, seedSearchAgents } from '../../test-support/search-fixture.js';
import { startUpstream, type TestUpstream } from '../../test-support/upstream-server.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON-RPC results by path
type Json = any;

const RATE_TOOL = 'frankfurter_latest_rate';
const SYNONYMS = [
  ['forex', 'exchange'],
  ['rolodex card', 'contact'],
];

describeEachDatabase("search mode: an agent's own synonyms", (fixture) => {
  let upstream: TestUpstream;
  let gateway: ListeningGateway;
  let seeded: SeededSearchAgents;
  /** The fixture's search agent: the same operations, no synonyms. */
  let plain: LegacyClient;
  let withSynonyms: LegacyClient;
  let agent: string;

  const search = async (client: LegacyClient, query: string): Promise<Json> =>
    (await client.request('tools/call', { name: 'search_tools', arguments: { query } })).body.result
      .structuredContent;
  const names = (result: Json): string[] => result.tools.map((tool: Json) => tool.name);

  beforeAll(async () => {
    upstream = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(RATES_ANSWER));
    });
    gateway = await listenGateway(fixture.db(), { history: { flushMs: 5 }, catalogRefreshMs: 50 });
    seeded = await seedSearchAgents(fixture.db(), upstream);
    const db = fixture.db();
    const twin = await getAgent(db, seeded.workspace, seeded.search.agent);
    agent = `${seeded.search.agent}-synonyms`;
    await createAgent(db, seeded.workspace, {
      slug: agent,
      draft: { ...twin.draft, searchSynonyms: SYNONYMS },
    });
    await publishAgent(db, seeded.workspace, agent);
    const key = await createKey(db, {
      type: 'mcp_client',
      name: 'synonyms',
      workspace: seeded.workspace,
      agent,
    });
    plain = new LegacyClient(`${gateway.origin}${seeded.search.path}`, seeded.search.key);
    withSynonyms = new LegacyClient(`${gateway.origin}/mcp/v1/${seeded.workspace}/${agent}`, key.value);
    await plain.connect();
    await withSynonyms.connect();
  });
  afterAll(async () => {
    await gateway?.gateway.approvals.close();
    await gateway?.close();
    await upstream?.close();
  });

  it('a word or phrase of a synonym group finds the tools that use the other words; without the group it does not', async () => {
    expect(names(await search(plain, 'forex'))).not.toContain(RATE_TOOL);
    expect(names(await search(withSynonyms, 'forex'))[0]).toBe(RATE_TOOL);
    expect(names(await search(plain, 'rolodex card'))).not.toContain(DELETE_TOOL);
    expect(names(await search(withSynonyms, 'remove a rolodex card'))[0]).toBe(DELETE_TOOL);
    // The same operations otherwise: a query without a synonym ranks alike.
    expect(names(await search(withSynonyms, 'monthly report'))).toEqual(
      names(await search(plain, 'monthly report')),
    );
  });

  it("publishing changed synonyms is a new revision: the old one's call_tool is stale, the new search uses the new groups", async () => {
    const old = (await search(withSynonyms, 'forex')).catalog_revision;
    const db = fixture.db();
    const current = await getAgent(db, seeded.workspace, agent);
    await updateAgentDraft(db, seeded.workspace, agent, {
      ...current.draft,
      searchSynonyms: [['forex', 'invoice']],
    });
    const published = await publishAgent(db, seeded.workspace, agent);
    expect(published.created).toBe(true);
    expect(published.catalog.revision).not.toBe(old);
    let fresh = old;
    for (let i = 0; i < 200 && fresh === old; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      fresh = (await search(withSynonyms, 'forex')).catalog_revision;
    }
    expect(fresh).toBe(published.catalog.revision);
    expect(names(await search(withSynonyms, 'forex'))[0]).toBe(INVOICE_TOOL);
    expect(names(await search(withSynonyms, 'rolodex card'))).not.toContain(DELETE_TOOL);
    const stale = await withSynonyms.request('tools/call', {
      name: 'call_tool',
      arguments: { name: RATE_TOOL, arguments: { base: 'USD', quote: 'EUR' }, catalog_revision: old },
    });
    expect(stale.body.result.isError).toBe(true);
    expect(stale.body.result.structuredContent.error_code).toBe('agent_catalog_result_stale');
    const ok = await withSynonyms.request('tools/call', {
      name: 'call_tool',
      arguments: { name: RATE_TOOL, arguments: { base: 'USD', quote: 'EUR' }, catalog_revision: fresh },
    });
    expect(ok.body.result.structuredContent).toEqual(RATES_ANSWER);
  });
});
