import { randomBytes } from 'node:crypto';
import type { CatalogContent } from '../catalog/catalog-snapshot.js';
import type { PublishedCatalog } from '../catalog/published-catalog.js';
import { createSection } from '../catalog/sections-table.js';
import { putUpstreamHost } from '../catalog/upstream-hosts-table.js';
import { createWorkspace } from '../catalog/workspaces-table.js';
import type { Queryable } from '../store/database.js';

/** A slug no other test of the suite uses, so tests can share one database. */
export function uniqueSlug(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/** The seed's demo operation: `GET /v1/latest?base=USD&symbols=EUR` on the Frankfurter rates API. */
export function frankfurterDraft(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'frankfurter_latest_rate',
    title: 'Latest exchange rate',
    description: 'Latest exchange rate between two currencies, from the Frankfurter API.',
    sections: ['rates'],
    inputSchema: {
      type: 'object',
      properties: {
        base: { type: 'string', pattern: '^[A-Z]{3}$' },
        quote: { type: 'string', pattern: '^[A-Z]{3}$' },
      },
      required: ['base', 'quote'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: true },
    binding: {
      method: 'GET',
      baseUrl: 'https://api.frankfurter.dev',
      path: '/v1/latest',
      arguments: { base: { in: 'query' }, quote: { in: 'query', name: 'symbols' } },
    },
    ...overrides,
  };
}

/**
 * A new workspace with a unique slug, the `rates` section and `api.frankfurter.dev` on its
 * allow-list: ready for {@link frankfurterDraft}.
 */
export async function seedWorkspace(db: Queryable, prefix = 'ws'): Promise<string> {
  const { slug } = await createWorkspace(db, { slug: uniqueSlug(prefix) });
  await createSection(db, slug, { slug: 'rates', title: 'Rates', description: 'Currency exchange rates.' });
  await putUpstreamHost(db, slug, { hostPattern: 'api.frankfurter.dev' });
  return slug;
}

/**
 * The content a published catalog was built from, key by key, for an agent without synonyms:
 * the seven keys every catalog had before `searchSynonyms` existed.
 */
export function catalogContentOf(catalog: PublishedCatalog): CatalogContent {
  return {
    workspace: catalog.workspace,
    agent: catalog.agent,
    delivery: catalog.delivery,
    defaultSearchLimit: catalog.defaultSearchLimit,
    agentSections: catalog.agentSections,
    sections: catalog.sections,
    tools: catalog.tools.map(({ operation, operationVersion, definition }) => ({
      operation,
      operationVersion,
      definition,
    })),
  };
}
