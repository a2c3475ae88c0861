import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/describe-each-database.js';
import {
  LegacyClient,
  type ListeningGateway,
  listenGateway,
  modernRequest,
  RATES_ANSWER,
} from '../../test-support/gateway-fixture.js';
import {
  ARCHIVE_TOOL,
  REPORT_TOOLS,
  type SeededSearchAgents,
  seedSearchAgents,
} from '../../test-support/search-fixture.js';
import { startUpstream, type TestUpstream } from '../../test-support/upstream-server.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON-RPC results by path
type Json = any;

describeEachDatabase('search mode: tools/list and search_tools', (fixture) => {
  let upstream: TestUpstream;
  let gateway: ListeningGateway;
  let seeded: SeededSearchAgents;
  let search: LegacyClient;
  let direct: LegacyClient;

  const searchTools = async (args: Record<string, unknown>): Promise<Json> =>
    (await search.request('tools/call', { name: 'search_tools', arguments: args })).body.result;
  const names = (result: Json): string[] => result.structuredContent.tools.map((tool: Json) => tool.name);

  beforeAll(async () => {
    upstream = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(RATES_ANSWER));
    });
    gateway = await listenGateway(fixture.db(), { history: { flushMs: 5 } });
    seeded = await seedSearchAgents(fixture.db(), upstream);
    search = new LegacyClient(`${gateway.origin}${seeded.search.path}`, seeded.search.key);
    direct = new LegacyClient(`${gateway.origin}${seeded.direct.path}`, seeded.direct.key);
    await search.connect();
    await direct.connect();
  });
  afterAll(async () => {
    await gateway?.gateway.approvals.close();
    await gateway?.close();
    await upstream?.close();
  });

  it('tools/list shows exactly search_tools and call_tool, in both eras; call_tool declares probe support', async () => {
    const legacy = (await search.request('tools/list')).body.result.tools;
    const modern = (
      await modernRequest(`${gateway.origin}${seeded.search.path}`, seeded.search.key, 'tools/list')
    ).body.result.tools;
    for (const tools of [legacy, modern]) {
      expect(tools.map((tool: Json) => tool.name)).toEqual(['search_tools', 'call_tool']);
      expect(tools[1]._meta).toEqual({ 'forge.supports_permission_patterns': true });
      expect(tools[0].outputSchema.required).toEqual(['tools', 'catalog_revision']);
      expect(tools[0].inputSchema.properties.limit).toMatchObject({
        type: 'integer',
        minimum: 1,
        maximum: 20,
      });
    }
  });

  it('direct mode is unchanged: the twin lists every operation, the meta tools are not there', async () => {
    const tools = (await direct.request('tools/list')).body.result.tools.map((tool: Json) => tool.name);
    expect(tools).toHaveLength(seeded.operations.length);
    expect(tools).toContain('frankfurter_latest_rate');
    expect(tools).not.toContain('search_tools');
    expect(tools).not.toContain('call_tool');
  });

  it("finds tools with the definitions a direct tools/list shows (_meta included), and the published catalog's revision", async () => {
    const result = await searchTools({ query: 'latest exchange rate between currencies' });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent.tools[0].name).toBe('frankfurter_latest_rate');
    expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
    const listed = new Map<string, Json>(
      (await direct.request('tools/list')).body.result.tools.map((tool: Json) => [tool.name, tool]),
    );
    for (const tool of result.structuredContent.tools) expect(tool).toEqual(listed.get(tool.name));
    const deletion = await searchTools({ query: 'remove a contact from the address book' });
    expect(deletion.structuredContent.tools[0]).toEqual(listed.get('delete_contact'));
    expect(deletion.structuredContent.tools[0]._meta).toEqual({ 'forge.supports_permission_patterns': true });
    const { rows } = await fixture.db().query<{ catalog_revision: string }>(
      `SELECT av.catalog_revision FROM agent_versions av JOIN agents a ON a.id = av.agent_id
         WHERE a.slug = $1 AND av.version = a.latest_version`,
      [seeded.search.agent],
    );
    expect(result.structuredContent.catalog_revision).toBe(rows[0]?.catalog_revision);
    expect(upstream.requests).toHaveLength(0);
  });

  it("applies the section filter before ranking: a section's only tool is found though others match better", async () => {
    const everywhere = await searchTools({ query: 'exchange rate', limit: 1 });
    expect(names(everywhere)).toEqual(['frankfurter_latest_rate']);
    const archived = await searchTools({ query: 'exchange rate', sections: ['archive'], limit: 1 });
    expect(names(archived)).toEqual([ARCHIVE_TOOL]);
    const two = await searchTools({ query: 'exchange rate', sections: ['archive', 'rates'] });
    expect(names(two).sort()).toEqual([ARCHIVE_TOOL, 'frankfurter_latest_rate'].sort());
  });

  it('a section the catalog does not have is refused with the known sections, not an empty answer', async () => {
    const result = await searchTools({ query: 'exchange rate', sections: ['rates', 'no-such-section'] });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      error_code: 'search_section_unknown',
      stage: 'validate',
      retryability: 'not_retryable',
      outcome_certainty: 'not_executed',
    });
    expect(result.structuredContent.message).toContain('"no-such-section"');
    expect(result.structuredContent.message).toContain('"archive"');
    expect(result.structuredContent.message).toContain('"rates"');
    expect(result.structuredContent.request_id).toMatch(/\S/);
  });

  it('limit: 8 by default, 1..20 accepted, 0, 21 and 2.5 refused as invalid arguments', async () => {
    expect(names(await searchTools({ query: 'monthly report' }))).toHaveLength(8);
    expect(names(await searchTools({ query: 'monthly report', limit: 20 }))).toHaveLength(
      REPORT_TOOLS.length,
    );
    expect(names(await searchTools({ query: 'monthly report', limit: 3 }))).toHaveLength(3);
    for (const limit of [0, 21, 2.5, '3']) {
      const refused = await searchTools({ query: 'monthly report', limit });
      expect(refused.isError).toBe(true);
      expect(refused.content[0].text).toContain('limit');
    }
  });

  it('a query with no words returns no tools, not an error; a query that is not a string is refused', async () => {
    for (const query of ['', '   ', '?!… —', 'the']) {
      const result = await searchTools({ query });
      expect(result.isError).toBeUndefined();
      expect(result.structuredContent.tools).toEqual([]);
    }
    expect((await searchTools({ query: 42 })).isError).toBe(true);
    expect((await searchTools({})).isError).toBe(true);
  });

  it('ties are broken deterministically: the same query gives the same order every time', async () => {
    const first = names(await searchTools({ query: 'monthly report', limit: 20 }));
    for (let i = 0; i < 3; i++)
      expect(names(await searchTools({ query: 'monthly report', limit: 20 }))).toEqual(first);
  });
});
