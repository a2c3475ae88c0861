// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings test literal ${VAR} placeholders
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@mcpforge/server';
import { createTestClient } from '@mcpforge/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signApproval } from './domain/approval.js';
import { DraftStore } from './domain/draft-store.js';
import { type StartedLibrary, startLibrary } from './start.js';

const logger = createLogger({ name: 'library-test', level: 'silent' });
const approvalKey = 'start-test-approval-key-0123456789';
const env = { LIBRARY_DATA_DIR: 'drafts', LIBRARY_APPROVAL_KEY: approvalKey };
const editor = JSON.stringify({
  role: 'editor',
  dataDir: '${LIBRARY_DATA_DIR}',
  approvalKey: '${LIBRARY_APPROVAL_KEY}',
});
const reader = JSON.stringify({ role: 'reader', dataDir: '${LIBRARY_DATA_DIR}' });

describe('startLibrary', () => {
  let dir: string;
  let configPath: string;
  const started: StartedLibrary[] = [];

  async function start(): Promise<StartedLibrary> {
    const library = await startLibrary({ argv: ['--config', configPath], env, logger, reloadIntervalMs: 50 });
    started.push(library);
    return library;
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'library-start-'));
    configPath = join(dir, 'library.json');
  });

  afterAll(async () => {
    for (const library of started) await library.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps a draft across a restart, and remembers its approval', async () => {
    await writeFile(configPath, editor);
    const draft = {
      operation: 'Create a draft that survives restarts',
      slug: 'survives',
      title: 'Survives',
      text: 'Across restarts.',
    };
    const args = { ...draft, approval: signApproval(approvalKey, draft) };

    const first = await start();
    const client = createTestClient(first.server);
    await client.initialize();
    const created = await client.callTool('library.create_draft', args);
    expect(created.structuredContent).toMatchObject({ created: true, draft: { slug: 'survives' } });
    await first.stop();

    // The data directory is relative to the config file's folder.
    const store = await DraftStore.open(join(dir, 'drafts'));
    expect(await store.get('survives')).toMatchObject({ text: 'Across restarts.', published: false });
    await store.close();

    const second = await start();
    const again = createTestClient(second.server);
    await again.initialize();
    const replayed = await again.callTool('library.create_draft', args);
    expect(replayed.structuredContent).toEqual({ ...(created.structuredContent as object), created: false });
    await second.stop();
  }, 60_000);

  it('follows role changes in the config file while running, and keeps the last good version', async () => {
    await writeFile(configPath, editor);
    const library = await start();
    const client = createTestClient(library.server);
    await client.initialize();
    expect((await client.listTools()).tools).toHaveLength(3);

    let changed = client.nextNotification('notifications/tools/list_changed');
    await writeFile(configPath, reader);
    await changed;
    expect((await client.listTools()).tools.map((tool) => tool['name'])).toEqual([
      'library.search',
      'library.read',
    ]);

    // A broken edit is ignored: once it has been read, the role is still reader.
    await writeFile(configPath, '{"role": "editor",');
    await library.reloader.check();
    expect(library.app.role).toBe('reader');

    changed = client.nextNotification('notifications/tools/list_changed');
    await writeFile(configPath, editor);
    await changed;
    expect((await client.listTools()).tools).toHaveLength(3);
    await library.stop();
  });

  it('refuses to start an editor whose approval key is not set (fail-closed)', async () => {
    await writeFile(configPath, editor);
    await expect(
      startLibrary({ argv: ['--config', configPath], env: { LIBRARY_DATA_DIR: 'drafts' }, logger }),
    ).rejects.toMatchObject({ code: 'ERR_CONFIG_INVALID' });
  });
});
