// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings test literal ${VAR} placeholders
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@mcpforge/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLibraryConfig, resolveDataDir } from './config.js';
import { MIN_APPROVAL_KEY_LENGTH } from './domain/approval.js';

const editorTemplate = JSON.stringify({
  role: 'editor',
  dataDir: '${LIBRARY_DATA_DIR}',
  approvalKey: '${LIBRARY_APPROVAL_KEY}',
});

describe('library config', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'library-config-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function file(name: string, content: string): Promise<string> {
    const path = join(dir, name);
    await writeFile(path, content);
    return path;
  }

  it('loads a reader config without secrets', async () => {
    const path = await file('reader.json', '{"role":"reader"}');
    const loaded = await loadLibraryConfig({ argv: ['--config', path], env: {} });
    expect(loaded.config).toEqual({ role: 'reader' });
    expect(resolveDataDir(loaded)).toBeUndefined();
  });

  it('expands ${VAR} for an editor and resolves a relative data directory from the config folder', async () => {
    const path = await file('editor.json', editorTemplate);
    const loaded = await loadLibraryConfig({
      argv: ['--config', path],
      env: { LIBRARY_DATA_DIR: 'drafts', LIBRARY_APPROVAL_KEY: 'k'.repeat(32) },
    });
    expect(loaded.config).toEqual({ role: 'editor', dataDir: 'drafts', approvalKey: 'k'.repeat(32) });
    expect(resolveDataDir(loaded)).toBe(join(dir, 'drafts'));
  });

  it('refuses an approval key one character shorter than the approve command accepts, and takes that length', async () => {
    const path = await file('editor-key-length.json', editorTemplate);
    const load = (key: string) =>
      loadLibraryConfig({
        argv: ['--config', path],
        env: { LIBRARY_DATA_DIR: 'd', LIBRARY_APPROVAL_KEY: key },
      });
    await expect(load('k'.repeat(MIN_APPROVAL_KEY_LENGTH - 1))).rejects.toMatchObject({
      code: 'ERR_CONFIG_INVALID',
    });
    expect((await load('k'.repeat(MIN_APPROVAL_KEY_LENGTH))).config.approvalKey).toHaveLength(16);
  });

  it('finds the config in the tenant directory', async () => {
    await file('library.json', '{"role":"reader"}');
    const loaded = await loadLibraryConfig({ argv: [], env: { MCPFORGE_TENANT_CONFIG: dir } });
    expect(loaded.source).toBe(join(dir, 'library.json'));
  });

  it.each([
    ['the approval key is not set', { LIBRARY_DATA_DIR: '/tmp/x' }],
    ['the approval key is too short', { LIBRARY_DATA_DIR: '/tmp/x', LIBRARY_APPROVAL_KEY: 'short' }],
    ['the data directory is not set', { LIBRARY_APPROVAL_KEY: 'k'.repeat(32) }],
  ])('refuses an editor when %s (fail-closed)', async (_case, env) => {
    const path = await file('editor-missing.json', editorTemplate);
    const attempt = loadLibraryConfig({ argv: ['--config', path], env });
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(attempt).rejects.toMatchObject({ code: 'ERR_CONFIG_INVALID' });
  });

  it.each([
    ['an unknown role', '{"role":"admin"}'],
    ['no role', '{}'],
    ['an unknown field', '{"role":"reader","include_private":true}'],
  ])('refuses %s', async (_case, content) => {
    const path = await file('bad.json', content);
    await expect(loadLibraryConfig({ argv: ['--config', path], env: {} })).rejects.toMatchObject({
      code: 'ERR_CONFIG_INVALID',
    });
  });

  it('refuses to start without a config', async () => {
    await expect(loadLibraryConfig({ argv: [], env: {} })).rejects.toMatchObject({
      code: 'ERR_CONFIG_NOT_FOUND',
    });
  });
});
