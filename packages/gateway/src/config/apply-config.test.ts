import { readFileSync } from 'node:fs';
import { SchemaCompiler } from '@mcpforge/server';
import { expect, it } from 'vitest';
import { publishAgent } from '../catalog/agent-versions-table.js';
import { createAgent, getAgent } from '../catalog/agents-table.js';
import { publishOperation } from '../catalog/operation-versions-table.js';
import { createOperation, getOperation, updateOperationDraft } from '../catalog/operations-table.js';
import { createSection } from '../catalog/sections-table.js';
import { putUpstreamHost } from '../catalog/upstream-hosts-table.js';
import { createWorkspace } from '../catalog/workspaces-table.js';
import { GatewayError } from '../errors/gateway-error.js';
import type { Database } from '../store/database.js';
import { frankfurterDraft, uniqueSlug } from '../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { applyConfig } from './apply-config.js';
import { readConfigDocument } from './config-document.js';
import { CONFIG_SCHEMA } from './config-schema.js';
import { formatConfigDocument, parseConfigText } from './config-text.js';
import { exportWorkspace } from './export-config.js';

/** A workspace with a section, a host, an operation published then edited, one never published, and an agent. */
async function seed(db: Database): Promise<string> {
  const workspace = uniqueSlug('cfg');
  await createWorkspace(db, { slug: workspace });
  await createSection(db, workspace, { slug: 'rates', title: 'Rates', description: 'Currency rates' });
  await putUpstreamHost(db, workspace, { hostPattern: 'api.frankfurter.dev' });
  await createOperation(db, workspace, { slug: 'latest', draft: frankfurterDraft() });
  await publishOperation(db, workspace, 'latest');
  await updateOperationDraft(db, workspace, 'latest', frankfurterDraft({ title: 'Latest rate (edited)' }));
  await createOperation(db, workspace, {
    slug: 'history',
    draft: frankfurterDraft({
      name: 'history_rate',
      binding: {
        method: 'GET',
        baseUrl: 'https://api.frankfurter.dev',
        path: '/v1/history',
        arguments: { base: { in: 'query' }, quote: { in: 'query' } },
      },
    }),
  });
  await createAgent(db, workspace, { slug: 'rates', draft: { operations: ['latest'], sections: ['rates'] } });
  await publishAgent(db, workspace, 'rates');
  return workspace;
}

/** `document` moved to workspace `slug`. */
function renamed<T extends { workspace: string }>(document: T, slug: string): T {
  return { ...document, workspace: slug };
}

/** The error `run` throws. */
async function refusal(run: () => Promise<unknown>): Promise<GatewayError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describeEachDatabase('configuration as code', (fixture) => {
  it('export keeps drafts, the published definition that differs from a draft, and what was never published', async () => {
    const db = fixture.db();
    const workspace = await seed(db);
    const document = await exportWorkspace(db, workspace);
    expect(document).toMatchObject({
      workspace,
      sections: [{ slug: 'rates', title: 'Rates', description: 'Currency rates' }],
      upstreamHosts: [{ hostPattern: 'api.frankfurter.dev', allowLoopback: false, allowPrivate: false }],
      operations: [
        { slug: 'history', published: false },
        {
          slug: 'latest',
          draft: { title: 'Latest rate (edited)' },
          published: { title: 'Latest exchange rate' },
        },
      ],
      agents: [{ slug: 'rates', draft: { operations: ['latest'], delivery: 'direct' }, published: true }],
    });
    // The exported document passes the published schema, as YAML text and back.
    const validate = new SchemaCompiler().compile(CONFIG_SCHEMA);
    const text = formatConfigDocument(document, 'yaml');
    expect(validate(parseConfigText(text))).toEqual({ ok: true });
    expect(readConfigDocument(parseConfigText(text))).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('applies an export to a new workspace, which then exports the same; a second apply changes nothing', async () => {
    const db = fixture.db();
    const source = await seed(db);
    const target = uniqueSlug('copy');
    const document = readConfigDocument(renamed(await exportWorkspace(db, source), target));
    const plan = await applyConfig(db, document);
    expect(plan).toMatchObject({ workspace: target, applied: true, workspaceCreated: true });
    expect(plan.counts).toEqual({ created: 5, changed: 0, archived: 0, removed: 0, unchanged: 0 });
    expect(renamed(await exportWorkspace(db, target), source)).toEqual(await exportWorkspace(db, source));
    // The published version is the one that differs from the draft; the agent serves it.
    expect((await getOperation(db, target, 'latest')).latestVersion).toBe(1);
    expect((await getAgent(db, target, 'rates')).latestVersion).toBe(1);

    const revision = (await getOperation(db, target, 'latest')).draftRevision;
    const again = await applyConfig(db, document);
    expect(again.counts).toEqual({ created: 0, changed: 0, archived: 0, removed: 0, unchanged: 5 });
    expect(again.entries.every((entry) => entry.published === null)).toBe(true);
    // Not even a draft was rewritten.
    expect((await getOperation(db, target, 'latest')).draftRevision).toBe(revision);
  });

  it('plans changes with a diff, archives what the document leaves out, and a dry run changes nothing', async () => {
    const db = fixture.db();
    const workspace = await seed(db);
    const before = await exportWorkspace(db, workspace);
    const edited = structuredClone(before);
    edited.operations = edited.operations.filter((operation) => operation.slug !== 'history');
    const latest = edited.operations[0]!;
    latest.draft.description = 'Latest rate between two currencies.';
    latest.published = true;
    edited.upstreamHosts = [{ ...edited.upstreamHosts[0]!, allowPrivate: true }];
    const document = readConfigDocument(edited);

    const dry = await applyConfig(db, document, { dryRun: true });
    expect(dry.applied).toBe(false);
    expect(await exportWorkspace(db, workspace)).toEqual(before);
    const applied = await applyConfig(db, document);
    expect(applied).toEqual({ ...dry, applied: true });
    const byName = Object.fromEntries(applied.entries.map((entry) => [`${entry.kind}/${entry.name}`, entry]));
    expect(byName['operation/history']?.status).toBe('archived');
    expect(byName['operation/latest']).toMatchObject({ status: 'changed', published: 2 });
    expect(byName['operation/latest']?.changes).toContainEqual({
      path: 'draft.description',
      before: 'Latest exchange rate between two currencies, from the Frankfurter API.',
      after: 'Latest rate between two currencies.',
    });
    // The agent serves the new version of its operation: republished.
    expect(byName['agent/rates']).toMatchObject({ status: 'changed', published: 2 });
    expect(byName['upstreamHost/api.frankfurter.dev']?.changes).toEqual([
      { path: 'allowPrivate', before: false, after: true },
    ]);
    expect(byName['section/rates']?.status).toBe('unchanged');
    expect((await applyConfig(db, document)).counts.unchanged).toBe(4);
  });

  it('a bad document is refused naming its path, and a refused apply changes nothing', async () => {
    const db = fixture.db();
    const workspace = await seed(db);
    const document = await exportWorkspace(db, workspace);
    const cases: [unknown, string][] = [
      [{ ...document, apiVersion: 'v0' }, 'apiVersion'],
      [
        {
          ...document,
          operations: [
            { ...document.operations[0], draft: { ...document.operations[0]!.draft, name: 'no spaces' } },
          ],
        },
        'operations[0].draft.name',
      ],
      [
        { ...document, agents: [{ slug: 'a', draft: { operations: ['missing'] } }] },
        'agents[0].draft.operations[0]',
      ],
      [{ ...document, sections: [...document.sections, ...document.sections] }, 'sections[1].slug'],
      [{ ...document, upstreamHosts: [{ hostPattern: 'not a host' }] }, 'upstreamHosts[0].hostPattern'],
      [{ ...document, extra: 1 }, 'extra'],
    ];
    for (const [value, field] of cases) {
      expect((await refusal(async () => readConfigDocument(value))).field, field).toBe(field);
    }
    // The catalog's refusal at publish, said about the document's entry: the host is gone.
    const republish = structuredClone(document);
    republish.upstreamHosts = [];
    republish.operations[1]!.published = true;
    const offList = readConfigDocument(republish);
    const error = await refusal(() => applyConfig(db, offList));
    expect(error.code).toBe('upstream_not_allowed');
    expect(error.field).toMatch(/^operations\[1\]/);
    expect(error.message).toMatch(/^operations\[1\] \('latest'\): /);
    expect(await exportWorkspace(db, workspace)).toEqual(document);
  });
});

it('the shipped config-schema.json is the schema the gateway serves', () => {
  const shipped = JSON.parse(readFileSync(new URL('./config-schema.json', import.meta.url), 'utf8'));
  expect(shipped).toEqual(CONFIG_SCHEMA);
});
