import { describe, expect, it } from 'vitest';
import { directToolsList, MAX_STORED_WARNINGS, measureCatalog, searchToolsList } from './catalog-metrics.js';
import type { CatalogContent, CatalogTool } from './catalog-snapshot.js';
import { RECOMMENDED_MAX_TOOLS } from './quality/catalog-size.js';

function tool(index: number, overrides: Record<string, unknown> = {}): CatalogTool {
  return {
    operation: `read-ledger-${index}`,
    operationVersion: 1,
    definition: {
      name: `read_ledger_entry_${index}`,
      description: `Reads entry ${index} of the general ledger with its account and amount.`,
      sections: [],
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      binding: {
        method: 'GET',
        baseUrl: 'https://ledger.example.com',
        path: `/v1/entries/${index}`,
        arguments: {},
        headers: {},
        timeoutMs: 10_000,
        maxResponseBytes: 1_000_000,
      },
      approval: 'none',
      ...overrides,
    } as CatalogTool['definition'],
  };
}

function catalog(tools: CatalogTool[], delivery: 'direct' | 'search' = 'direct'): CatalogContent {
  return {
    workspace: 'w',
    agent: 'a',
    delivery,
    defaultSearchLimit: 8,
    agentSections: [],
    sections: [],
    tools,
  };
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

describe('measureCatalog', () => {
  it('an empty catalog: an empty tools array, no largest tool', () => {
    expect(measureCatalog(catalog([])).metrics).toMatchObject({
      toolCount: 0,
      catalogBytes: 2,
      estimatedTokens: 1,
      largestTool: null,
      largestToolBytes: 0,
    });
  });

  it('sums the entries exactly as JSON.stringify of the whole list, in UTF-8 bytes', () => {
    const tools = [tool(1), tool(2, { description: 'Читает запись главной книги с её счётом и суммой.' })];
    const { metrics } = measureCatalog(catalog(tools));
    const listed = directToolsList(catalog(tools));
    expect(metrics.catalogBytes).toBe(bytes(listed));
    expect(metrics.largestTool).toBe('read_ledger_entry_2');
    expect(metrics.largestToolBytes).toBe(bytes(listed[1]));
    expect(metrics.estimatedTokens).toBe(Math.ceil(bytes(listed) / 3));
  });

  it(`direct mode over ${RECOMMENDED_MAX_TOOLS} tools exceeds the recommendation and says to use search mode; search mode does not`, () => {
    const tools = Array.from({ length: RECOMMENDED_MAX_TOOLS + 1 }, (_, index) => tool(index));
    const direct = measureCatalog(catalog(tools));
    expect(direct.metrics).toMatchObject({
      toolsListCount: RECOMMENDED_MAX_TOOLS + 1,
      exceedsRecommendation: true,
    });
    expect(direct.warnings.map((warning) => warning.code)).toContain('catalog_over_recommended_limit');
    const search = measureCatalog(catalog(tools, 'search'));
    expect(search.metrics).toMatchObject({
      toolCount: RECOMMENDED_MAX_TOOLS + 1,
      catalogBytes: direct.metrics.catalogBytes,
      toolsListCount: 2,
      toolsListBytes: bytes(searchToolsList()),
      exceedsRecommendation: false,
    });
    expect(search.warnings.map((warning) => warning.code)).not.toContain('catalog_over_recommended_limit');
  });

  it(`keeps at most ${MAX_STORED_WARNINGS} warnings but counts them all`, () => {
    const noisy = Array.from({ length: 600 }, (_, index) =>
      tool(index, { name: `op${index}`, description: 'Does it.' }),
    );
    const { metrics, warnings } = measureCatalog(catalog(noisy));
    expect(metrics.qualityWarnings).toBeGreaterThan(MAX_STORED_WARNINGS);
    expect(warnings).toHaveLength(MAX_STORED_WARNINGS);
  });
});
