import { McpError } from '@mcpforge/server';
import { createTestClient, type TestClient } from '@mcpforge/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signApproval } from './domain/approval.js';
import { DraftStore } from './domain/draft-store.js';
import { Library } from './domain/library.js';
import { LibraryServer, RoleUnavailableError } from './server.js';

const key = 'server-test-approval-key-0123456789';
const draft = {
  operation: 'Create the role test draft',
  slug: 'role-test',
  title: 'Role test',
  text: 'Written by an editor.',
};

async function callError(client: TestClient, name: string, args: Record<string, unknown>): Promise<McpError> {
  try {
    await client.callTool(name, args);
  } catch (error) {
    if (error instanceof McpError) return error;
    throw error;
  }
  throw new Error(`${name} did not fail`);
}

describe('LibraryServer: roles from trusted config', () => {
  let store: DraftStore;

  beforeAll(async () => {
    store = await DraftStore.open();
  });

  afterAll(async () => {
    await store.close();
  });

  it('lists only search and read for a reader', async () => {
    const client = createTestClient(
      new LibraryServer(new Library({ drafts: store }), { role: 'reader' }).server,
    );
    await client.initialize();
    const { tools, nextCursor } = await client.listTools();
    expect(tools.map((tool) => tool['name'])).toEqual(['library.search', 'library.read']);
    expect(nextCursor).toBeUndefined();
  });

  it('does not let a reader call create_draft, even with a valid approval and a role argument', async () => {
    const client = createTestClient(
      new LibraryServer(new Library({ drafts: store }), { role: 'reader', approvalKey: key }).server,
    );
    await client.initialize();
    const approval = signApproval(key, draft);
    for (const args of [
      { ...draft, approval },
      { ...draft, approval, role: 'editor' },
    ]) {
      const error = await callError(client, 'library.create_draft', args);
      expect(error.code).toBe(-32602);
      expect(error.message).toBe('Unknown tool: library.create_draft');
    }
    expect(await store.get('role-test')).toBeUndefined();
  });

  it('does not let a reader probe create_draft either', async () => {
    const client = createTestClient(
      new LibraryServer(new Library({ drafts: store }), { role: 'reader' }).server,
    );
    await client.initialize();
    await expect(
      client.callTool(
        'library.create_draft',
        { ...draft, approval: 'x' },
        { meta: { 'forge.permission_patterns': true } },
      ),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it('refuses the probe on read-only tools (they have no side effect to approve)', async () => {
    const client = createTestClient(new LibraryServer(new Library(), { role: 'reader' }).server);
    await client.initialize();
    await expect(
      client.callTool('library.search', { query: 'tea' }, { meta: { 'forge.permission_patterns': true } }),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it('rejects an unexpected cursor on tools/list instead of ignoring it', async () => {
    const client = createTestClient(new LibraryServer(new Library(), { role: 'reader' }).server);
    await client.initialize();
    for (const cursor of ['abc', 'eyJvIjoxLCJyIjoxfQ.forged-tag-000000000', '']) {
      await expect(client.listTools(cursor)).rejects.toMatchObject({ code: -32602 });
    }
    await expect(client.request('tools/list', { cursor: 5 })).rejects.toMatchObject({ code: -32602 });
  });

  it('refuses the editor role when there is no draft store', () => {
    expect(
      () => new LibraryServer(new Library(), { role: 'editor', dataDir: 'x', approvalKey: key }),
    ).toThrow(RoleUnavailableError);
  });

  it('adds and removes create_draft as the reloaded role changes, announcing each change', async () => {
    const app = new LibraryServer(new Library({ drafts: store }), { role: 'reader' });
    const client = createTestClient(app.server);
    await client.initialize();
    expect((await client.listTools()).tools).toHaveLength(2);

    const announced = client.nextNotification('notifications/tools/list_changed');
    app.applyConfig({ role: 'editor', dataDir: 'x', approvalKey: key });
    await announced;
    expect(app.role).toBe('editor');
    expect((await client.listTools()).tools.map((tool) => tool['name'])).toContain('library.create_draft');
    const created = await client.callTool('library.create_draft', {
      ...draft,
      approval: signApproval(key, draft),
    });
    expect(created.structuredContent).toMatchObject({ created: true });

    const removed = client.nextNotification('notifications/tools/list_changed');
    app.applyConfig({ role: 'reader' });
    await removed;
    expect((await client.listTools()).tools).toHaveLength(2);
    expect((await callError(client, 'library.create_draft', { ...draft, approval: 'x' })).code).toBe(-32602);
  });

  it('uses a rotated approval key from the next call on', async () => {
    const app = new LibraryServer(new Library({ drafts: store }), {
      role: 'editor',
      dataDir: 'x',
      approvalKey: key,
    });
    const client = createTestClient(app.server);
    await client.initialize();
    const rotated = 'rotated-approval-key-9876543210';
    app.applyConfig({ role: 'editor', dataDir: 'x', approvalKey: rotated });
    const next = { ...draft, slug: 'after-rotation' };
    const old = await client.callTool('library.create_draft', { ...next, approval: signApproval(key, next) });
    expect(old.isError).toBe(true);
    const fresh = await client.callTool('library.create_draft', {
      ...next,
      approval: signApproval(rotated, next),
    });
    expect(fresh.structuredContent).toMatchObject({ created: true });
  });
});
