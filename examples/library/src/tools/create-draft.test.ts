import { createTestClient, type TestClient } from '@mcpforge/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signApproval } from '../domain/approval.js';
import { DraftStore } from '../domain/draft-store.js';
import { Library } from '../domain/library.js';
import { LibraryServer } from '../server.js';

const approvalKey = 'create-draft-test-key-0123456789';

function contents(slug: string) {
  return {
    operation: `Create the ${slug} draft for the spring issue`,
    slug,
    title: `Title of ${slug}`,
    text: `Text of ${slug}.`,
  };
}

/** An 80-character slug: the lesson's string(80), longer than the toolkit's isSlug allows. */
const LONGEST_SLUG = `${'a'.repeat(39)}-${'b'.repeat(40)}`;

function approved(slug: string) {
  const draft = contents(slug);
  return { ...draft, approval: signApproval(approvalKey, draft) };
}

function text(result: { content: Array<{ type: string; text?: string }> }): string {
  const [block] = result.content;
  return block?.type === 'text' ? (block.text ?? '') : '';
}

describe('library.create_draft (editor)', () => {
  let store: DraftStore;
  let client: TestClient;

  beforeAll(async () => {
    store = await DraftStore.open();
    const app = new LibraryServer(new Library({ drafts: store }), {
      role: 'editor',
      dataDir: 'memory',
      approvalKey,
    });
    client = createTestClient(app.server);
    await client.initialize();
  });

  afterAll(async () => {
    await store.close();
  });

  it('is listed for the editor as a side-effecting pattern tool', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool['name'])).toEqual([
      'library.search',
      'library.read',
      'library.create_draft',
    ]);
    const tool = tools[2];
    expect(tool?.['_meta']).toEqual({ 'forge.supports_permission_patterns': true });
    expect(tool?.['annotations']).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(tool?.['inputSchema']).toMatchObject({
      required: ['slug', 'title', 'text', 'approval', 'operation'],
      additionalProperties: false,
      properties: { slug: { pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' } },
    });
  });

  it("declares the lesson's arguments: slug string(80) and operation string(120), a free text", async () => {
    const { tools } = await client.listTools();
    const schema = tools[2]?.['inputSchema'] as { properties: Record<string, Record<string, unknown>> };
    const declared = Object.fromEntries(
      Object.entries(schema.properties).map(([name, { type, minLength, maxLength }]) => [
        name,
        { type, minLength, maxLength },
      ]),
    );
    expect(declared).toEqual({
      slug: { type: 'string', minLength: 1, maxLength: 80 },
      title: { type: 'string', minLength: 1, maxLength: 200 },
      text: { type: 'string', minLength: 1, maxLength: 12_000 },
      approval: { type: 'string', minLength: 1, maxLength: 200 },
      operation: { type: 'string', minLength: 1, maxLength: 120 },
    });
    expect(schema.properties['operation']).not.toHaveProperty('const');
  });

  it('creates a draft with an 80-character slug and a free-text operation', async () => {
    const result = await client.callTool('library.create_draft', approved(LONGEST_SLUG));
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ created: true, draft: { slug: LONGEST_SLUG } });
  });

  it('answers a probe with patterns for any valid arguments, approved or not', async () => {
    const before = await store.count();
    const probe = await client.callTool(
      'library.create_draft',
      {
        ...contents(`${LONGEST_SLUG.slice(0, 78)}-z`),
        operation: 'o'.repeat(120),
        approval: 'a'.repeat(200),
      },
      { meta: { 'forge.permission_patterns': true } },
    );
    expect(probe).toEqual({
      content: [],
      _meta: {
        'forge.patterns': [`library.create_draft:${LONGEST_SLUG.slice(0, 78)}-z`],
        'forge.always': ['library.create_draft:*'],
      },
    });
    expect(await store.count()).toBe(before);
  });

  it('answers a probe with its patterns and stores nothing', async () => {
    const before = await store.count();
    const probe = await client.callTool('library.create_draft', approved('probed'), {
      meta: { 'forge.permission_patterns': true },
    });
    expect(probe).toEqual({
      content: [],
      _meta: {
        'forge.patterns': ['library.create_draft:probed'],
        'forge.always': ['library.create_draft:*'],
      },
    });
    // The handler never ran: no row, and the approval was not consumed.
    expect(await store.count()).toBe(before);
    expect(await store.get('probed')).toBeUndefined();
    const real = await client.callTool('library.create_draft', approved('probed'));
    expect(real.structuredContent).toMatchObject({ created: true, draft: { slug: 'probed' } });
  });

  it('probes even without a valid approval, since nothing runs', async () => {
    const probe = await client.callTool(
      'library.create_draft',
      { ...contents('unapproved'), approval: 'not-yet' },
      { meta: { 'forge.permission_patterns': true } },
    );
    expect(probe._meta).toEqual({
      'forge.patterns': ['library.create_draft:unapproved'],
      'forge.always': ['library.create_draft:*'],
    });
    expect(await store.get('unapproved')).toBeUndefined();
  });

  it('creates an unpublished draft with an approval of exactly these contents', async () => {
    const result = await client.callTool('library.create_draft', approved('spring-notes'));
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({
      created: true,
      draft: {
        slug: 'spring-notes',
        title: 'Title of spring-notes',
        published: false,
        createdAt: expect.any(String),
      },
    });
    expect(JSON.parse(text(result))).toEqual(result.structuredContent);
    expect(await store.get('spring-notes')).toMatchObject({
      text: 'Text of spring-notes.',
      published: false,
    });
  });

  it('creates nothing more when the same approval is used twice', async () => {
    const first = await client.callTool('library.create_draft', approved('twice'));
    const count = await store.count();
    const second = await client.callTool('library.create_draft', approved('twice'));
    expect(second.isError).toBeUndefined();
    expect(second.structuredContent).toEqual({
      ...(first.structuredContent as object),
      created: false,
    });
    expect(await store.count()).toBe(count);
  });

  it('creates exactly one draft when the same approval arrives many times at once', async () => {
    const before = await store.count();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => client.callTool('library.create_draft', approved('concurrent'))),
    );
    const outcomes = results.map((result) => (result.structuredContent as { created: boolean }).created);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await store.count()).toBe(before + 1);
  });

  it('answers the probe the same way in the modern era', async () => {
    const modern = createTestClient(client.server, { era: 'modern' });
    const probe = await modern.callTool('library.create_draft', approved('modern-probe'), {
      meta: { 'forge.permission_patterns': true },
    });
    expect(probe._meta).toMatchObject({ 'forge.patterns': ['library.create_draft:modern-probe'] });
    expect(await store.get('modern-probe')).toBeUndefined();
  });

  it.each([
    [
      'a tampered approval',
      (args: ReturnType<typeof approved>) => ({ ...args, approval: `${args.approval.slice(0, -2)}00` }),
    ],
    [
      'an approval of another text',
      (args: ReturnType<typeof approved>) => ({ ...args, text: `${args.text} And more.` }),
    ],
    [
      'an approval of another title',
      (args: ReturnType<typeof approved>) => ({ ...args, title: 'Another title' }),
    ],
    ['an approval of another slug', (args: ReturnType<typeof approved>) => ({ ...args, slug: 'other-slug' })],
    [
      'an approval of another operation',
      (args: ReturnType<typeof approved>) => ({ ...args, operation: 'Publish the draft at once' }),
    ],
    [
      'an approval made with another key',
      (args: ReturnType<typeof approved>) => ({
        ...args,
        approval: signApproval('another-key-0123456789', contents(args.slug)),
      }),
    ],
    [
      'a made-up approval',
      (args: ReturnType<typeof approved>) => ({ ...args, approval: 'approved-by-the-operator' }),
    ],
  ])('refuses %s and stores nothing', async (_case, change) => {
    const before = await store.count();
    const args = change(approved('refused'));
    const result = await client.callTool('library.create_draft', args);
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/approval does not match/);
    expect(await store.count()).toBe(before);
    expect(await store.get(args.slug)).toBeUndefined();
  });

  it.each([
    ['a missing approval', () => contents('missing-approval'), 'approval'],
    ['an empty approval', () => ({ ...contents('empty-approval'), approval: '' }), 'approval'],
    ['an empty operation', () => ({ ...approved('empty-op'), operation: '' }), 'operation'],
    [
      'an operation of 121 characters',
      () => ({ ...approved('long-op'), operation: 'o'.repeat(121) }),
      'operation',
    ],
    ['a bad slug', () => ({ ...approved('x'), slug: 'Bad Slug!' }), 'slug'],
    ['a slug of 81 characters', () => approved(`${LONGEST_SLUG}c`), 'slug'],
    ['a role argument', () => ({ ...approved('with-role'), role: 'editor' }), 'role'],
    ['a published flag', () => ({ ...approved('with-flag'), published: true }), 'published'],
  ])('rejects %s by schema and stores nothing', async (_case, build, field) => {
    const before = await store.count();
    const result = await client.callTool('library.create_draft', build() as Record<string, unknown>);
    expect(result.isError).toBe(true);
    expect(text(result)).toContain(field);
    expect(await store.count()).toBe(before);
  });

  it('refuses another approved draft for a slug that exists', async () => {
    await client.callTool('library.create_draft', approved('existing'));
    const other = { ...contents('existing'), text: 'A second text.' };
    const result = await client.callTool('library.create_draft', {
      ...other,
      approval: signApproval(approvalKey, other),
    });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe("a draft with slug 'existing' already exists");
    expect((await store.get('existing'))?.text).toBe('Text of existing.');
  });
});
