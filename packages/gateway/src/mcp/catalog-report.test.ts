import { expect, it } from 'vitest';
import { loadPublishedCatalog } from '../catalog/published-catalog.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { LegacyClient, listenGateway, seedAgent } from '../test-support/gateway-fixture.js';
import { startUpstream } from '../test-support/upstream-server.js';
import { BYTES_PER_TOKEN, catalogReport, RECOMMENDED_MAX_TOOLS } from './catalog-report.js';

describeEachDatabase('the catalog report', (fixture) => {
  it('is logged once per revision served, with the size of the tools/list definitions and the token estimate', async () => {
    const upstream = await startUpstream();
    const reports: Array<Record<string, unknown>> = [];
    const gateway = await listenGateway(fixture.db(), {
      logger: {
        info: (fields, message) => {
          if (message === 'catalog revision served') reports.push(fields as Record<string, unknown>);
        },
        warn: () => undefined,
        error: () => undefined,
      },
    });
    try {
      const seeded = await seedAgent(fixture.db(), upstream);
      const client = new LegacyClient(`${gateway.origin}${seeded.path}`, seeded.key);
      await client.connect();
      const list = await client.request('tools/list');
      await client.request('tools/list');
      const catalog = await loadPublishedCatalog(fixture.db(), seeded.workspace, seeded.agent);
      const report = catalogReport(catalog);
      expect(reports).toEqual([report]);
      const listed = JSON.stringify(list.body.result.tools);
      expect(report).toMatchObject({
        workspace: seeded.workspace,
        agent: seeded.agent,
        catalogRevision: catalog.revision,
        toolCount: 1,
        largestTool: 'frankfurter_latest_rate',
        recommendedMaxTools: RECOMMENDED_MAX_TOOLS,
        exceedsRecommendation: false,
        // base and quote have no description.
        qualityWarnings: 2,
      });
      expect(report.estimatedTokens).toBe(Math.ceil(report.catalogBytes / BYTES_PER_TOKEN));
      // Within the size of what tools/list actually sent (which adds the toolkit's defaults).
      expect(report.catalogBytes).toBeGreaterThan(listed.length / 2);
      expect(report.catalogBytes).toBeLessThanOrEqual(listed.length);
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });
});
