import {
  createAgent,
  createKey,
  createOperation,
  createWorkspace,
  KeyVerifier,
  openDatabase,
  publishAgent,
  publishOperation,
  putUpstreamHost,
} from '@mcpforge/gateway';

// PGlite in memory here; { dataDir } keeps it on disk, { databaseUrl } uses PostgreSQL.
const db = await openDatabase({ onMigration: (e) => e.type === 'done' && console.error(`migrated ${e.id}`) });
await createWorkspace(db, { slug: 'default' });
await putUpstreamHost(db, 'default', { hostPattern: 'api.frankfurter.dev' });
await createOperation(db, 'default', {
  slug: 'frankfurter-latest-rate',
  draft: {
    name: 'frankfurter_latest_rate',
    description: 'Latest exchange rate between two currencies.',
    inputSchema: {
      type: 'object',
      properties: { base: { type: 'string' }, quote: { type: 'string' } },
      required: ['base', 'quote'],
    },
    binding: {
      method: 'GET',
      baseUrl: 'https://api.frankfurter.dev',
      path: '/v1/latest',
      arguments: { base: { in: 'query' }, quote: { in: 'query', name: 'symbols' } },
    },
  },
});
await publishOperation(db, 'default', 'frankfurter-latest-rate');
await createAgent(db, 'default', {
  slug: 'currency-rates',
  draft: { operations: ['frankfurter-latest-rate'] },
});
const { catalog } = await publishAgent(db, 'default', 'currency-rates');
const key = { type: 'mcp_client', name: 'desktop', workspace: 'default', agent: 'currency-rates' } as const;
const { value } = await createKey(db, key); // shown once; only its SHA-256 is stored

const verifier = new KeyVerifier(db);
const verified = await verifier.verify(value);
console.log(
  catalog.tools.map((tool) => tool.definition.name),
  catalog.revision.slice(0, 12),
  verified.agent,
);
await verifier.close();
await db.close();
