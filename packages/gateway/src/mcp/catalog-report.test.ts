import { expect, it } from 'vitest';
import { publishAgent } from '../catalog/agent-versions-table.js';
import { createAgent, updateAgentDraft } from '../catalog/agents-table.js';
import { publishOperation } from '../catalog/operation-versions-table.js';
import { createOperation } from '../catalog/operations-table.js';
import { loadPublishedCatalog } from '../catalog/published-catalog.js';
import { createKey } from '../keys/api-keys-table.js';
import type { Database } from '../store/database.js';
import { frankfurterDraft, seedWorkspace, uniqueSlug } from '../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { LegacyClient, listenGateway } from '../test-support/gateway-fixture.js';
import { catalogReport, RECOMMENDED_MAX_TOOLS } from './catalog-report.js';

const REPORT_MESSAGE = 'catalog revision served';

/**
 * A fixed catalog of four tools: the demo's rate (parameters without descriptions), a Russian
 * one with an output schema and approval (its listed output schema is the approval union), a
 * DELETE (listed with probe support in `_meta`) and one with a name that says nothing and a
 * short description.
 */
async function seedKnownCatalog(
  db: Database,
): Promise<{ workspace: string; agent: string; key: string; operations: string[] }> {
  const workspace = await seedWorkspace(db, 'metrics');
  const drafts: Array<[string, Record<string, unknown>]> = [
    ['latest-rate', frankfurterDraft()],
    [
      'rate-history',
      frankfurterDraft({
        name: 'kurs_za_datu',
        title: 'Курс на дату',
        description: 'Курс одной валюты к другой на заданную дату, по данным Frankfurter.',
        inputSchema: {
          type: 'object',
          properties: {
            date: { type: 'string', format: 'date', description: 'Дата в формате ГГГГ-ММ-ДД' },
            base: { type: 'string', pattern: '^[A-Z]{3}$', description: 'Исходная валюта' },
          },
          required: ['date', 'base'],
          additionalProperties: false,
        },
        outputSchema: { type: 'object', properties: { rates: { type: 'object' } } },
        approval: 'required',
        binding: {
          method: 'GET',
          baseUrl: 'https://api.frankfurter.dev',
          path: '/v1/{date}',
          arguments: { date: { in: 'path' }, base: { in: 'query' } },
        },
      }),
    ],
    [
      'delete-alert',
      frankfurterDraft({
        name: 'delete_rate_alert',
        title: 'Delete a rate alert',
        description: 'Deletes one exchange-rate alert by its id; the alert stops at once.',
        inputSchema: {
          type: 'object',
          properties: { id: { type: 'string', minLength: 1, description: 'The alert id' } },
          required: ['id'],
          additionalProperties: false,
        },
        annotations: { destructiveHint: true },
        binding: {
          method: 'DELETE',
          baseUrl: 'https://api.frankfurter.dev',
          path: '/v1/alerts/{id}',
          arguments: { id: { in: 'path' } },
        },
      }),
    ],
    [
      'op1',
      frankfurterDraft({
        name: 'get_v1',
        title: undefined,
        description: 'Rates.',
        inputSchema: { type: 'object' },
        binding: {
          method: 'GET',
          baseUrl: 'https://api.frankfurter.dev',
          path: '/v1/currencies',
          arguments: {},
        },
      }),
    ],
  ];
  for (const [slug, draft] of drafts) {
    await createOperation(db, workspace, { slug, draft: JSON.parse(JSON.stringify(draft)) });
    await publishOperation(db, workspace, slug);
  }
  const agent = uniqueSlug('known');
  const operations = drafts.map(([slug]) => slug);
  await createAgent(db, workspace, { slug: agent, draft: { operations } });
  await publishAgent(db, workspace, agent);
  const key = await createKey(db, { type: 'mcp_client', name: 'metrics test', workspace, agent });
  return { workspace, agent, key: key.value, operations };
}

function bytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

describeEachDatabase('the catalog report', (fixture) => {
  it('logs the metrics of a known catalog, byte for byte what tools/list sent, once per revision served', async () => {
    const reports: Array<Record<string, unknown>> = [];
    const gateway = await listenGateway(fixture.db(), {
      logger: {
        info: (fields, message) => {
          if (message === REPORT_MESSAGE) reports.push(fields as Record<string, unknown>);
        },
        warn: () => undefined,
        error: () => undefined,
      },
    });
    try {
      const { workspace, agent, key } = await seedKnownCatalog(fixture.db());
      const client = new LegacyClient(`${gateway.origin}/mcp/v1/${workspace}/${agent}`, key);
      await client.connect();
      const list = await client.request('tools/list');
      await client.request('tools/list');
      // biome-ignore lint/suspicious/noExplicitAny: a JSON-RPC answer read by path
      const tools: any[] = list.body.result.tools;
      // A tool with side effects is listed with probe support: its _meta counts too.
      expect(tools.find((tool) => tool.name === 'delete_rate_alert')._meta).toEqual({
        'forge.supports_permission_patterns': true,
      });
      expect(tools.map((tool) => tool.name).sort()).toEqual([
        'delete_rate_alert',
        'frankfurter_latest_rate',
        'get_v1',
        'kurs_za_datu',
      ]);
      // Independently of the gateway's code: the compact JSON of what was received.
      const listBytes = bytes(tools);
      const sizes = tools.map((tool) => ({ name: tool.name as string, bytes: bytes(tool) }));
      const largest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a));
      const catalog = await loadPublishedCatalog(fixture.db(), workspace, agent);
      expect(reports).toEqual([
        {
          workspace,
          agent,
          agentVersion: 1,
          catalogRevision: catalog.revision,
          delivery: 'direct',
          toolCount: 4,
          catalogBytes: listBytes,
          estimatedTokens: Math.ceil(listBytes / 3),
          largestTool: largest.name,
          largestToolBytes: largest.bytes,
          toolsListCount: 4,
          toolsListBytes: listBytes,
          toolsListEstimatedTokens: Math.ceil(listBytes / 3),
          recommendedMaxTools: RECOMMENDED_MAX_TOOLS,
          exceedsRecommendation: false,
          // base and quote undescribed (2); get_v1: short description, a name that says
          // nothing, an input schema that takes anything (3).
          qualityWarnings: 5,
        },
      ]);
      // The Russian tool is the largest: its UTF-8 bytes count, not its characters.
      expect(largest.name).toBe('kurs_za_datu');
      expect(largest.bytes).toBeGreaterThan(
        JSON.stringify(tools.find((t) => t.name === 'kurs_za_datu')).length,
      );
      expect(catalog.warnings.map((warning) => [warning.code, warning.tool])).toEqual([
        ['parameter_undescribed', 'frankfurter_latest_rate'],
        ['parameter_undescribed', 'frankfurter_latest_rate'],
        ['description_short', 'get_v1'],
        ['name_uninformative', 'get_v1'],
        ['schema_permissive', 'get_v1'],
      ]);
      expect(catalogReport(catalog)).toEqual(reports[0]);
      // In reading order, whatever order the stored jsonb gives back.
      expect(Object.keys(reports[0]!)).toEqual([
        'workspace',
        'agent',
        'agentVersion',
        'catalogRevision',
        'delivery',
        'toolCount',
        'catalogBytes',
        'estimatedTokens',
        'largestTool',
        'largestToolBytes',
        'toolsListCount',
        'toolsListBytes',
        'toolsListEstimatedTokens',
        'recommendedMaxTools',
        'exceedsRecommendation',
        'qualityWarnings',
      ]);
    } finally {
      await gateway.close();
    }
  });

  it('in search mode reports the whole catalog and, apart, what the two meta tools of tools/list cost', async () => {
    const db = fixture.db();
    const { workspace, agent, key, operations } = await seedKnownCatalog(db);
    const direct = (await loadPublishedCatalog(db, workspace, agent)).metrics;
    await updateAgentDraft(db, workspace, agent, { delivery: 'search', operations });
    const { catalog } = await publishAgent(db, workspace, agent);
    const gateway = await listenGateway(db);
    let served: Array<{ name: string }>;
    try {
      const client = new LegacyClient(`${gateway.origin}/mcp/v1/${workspace}/${agent}`, key);
      await client.connect();
      served = (await client.request('tools/list')).body.result.tools;
    } finally {
      await gateway.close();
    }
    expect(served.map((tool) => tool.name)).toEqual(['search_tools', 'call_tool']);
    expect(catalog.metrics).toEqual({
      delivery: 'search',
      toolCount: 4,
      catalogBytes: direct.catalogBytes,
      estimatedTokens: direct.estimatedTokens,
      largestTool: direct.largestTool,
      largestToolBytes: direct.largestToolBytes,
      toolsListCount: 2,
      toolsListBytes: bytes(served),
      toolsListEstimatedTokens: Math.ceil(bytes(served) / 3),
      recommendedMaxTools: RECOMMENDED_MAX_TOOLS,
      exceedsRecommendation: false,
      qualityWarnings: 5,
    });
  });
});
