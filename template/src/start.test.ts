// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings test literal ${VAR} placeholders
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@mcpforge/server';
import { createTestClient } from '@mcpforge/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './start.js';

const logger = createLogger({ name: 'template-test', level: 'silent' });

describe('startServer', () => {
  let dir: string;
  let config: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'template-start-'));
    config = join(dir, 'template.json');
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('expands ${VAR} from the environment', async () => {
    await writeFile(config, JSON.stringify({ salutation: '${TEMPLATE_SALUTATION}' }));
    const started = await startServer({
      argv: ['--config', config],
      env: { TEMPLATE_SALUTATION: 'Ahoy' },
      logger,
    });
    try {
      const client = createTestClient(started.server);
      await client.initialize();
      expect((await client.callTool('greet', { name: 'Ada' })).structuredContent).toMatchObject({
        message: 'Ahoy, Ada!',
      });
    } finally {
      await started.stop();
    }
  });

  it('refuses to start when a variable is not set (fail-closed)', async () => {
    await writeFile(config, JSON.stringify({ salutation: '${TEMPLATE_SALUTATION}' }));
    await expect(startServer({ argv: ['--config', config], env: {}, logger })).rejects.toMatchObject({
      code: 'ERR_CONFIG_INVALID',
    });
  });

  it('finds the config in $MCPFORGE_TENANT_CONFIG/template.json', async () => {
    await writeFile(config, JSON.stringify({ salutation: 'Tenant hello' }));
    const started = await startServer({ argv: [], env: { MCPFORGE_TENANT_CONFIG: dir }, logger });
    try {
      expect(started.manager.greet('Ada').message).toBe('Tenant hello, Ada!');
    } finally {
      await started.stop();
    }
  });

  it('applies an edited config without a restart and ignores a broken one', async () => {
    await writeFile(config, JSON.stringify({ salutation: 'Hello' }));
    const started = await startServer({ argv: ['--config', config], env: {}, logger, reloadIntervalMs: 50 });
    try {
      const client = createTestClient(started.server);
      await client.initialize();
      await writeFile(config, JSON.stringify({ salutation: 'Good evening' }));
      await expect
        .poll(async () => (await client.callTool('greet', { name: 'Ada' })).structuredContent, {
          timeout: 5000,
        })
        .toMatchObject({ message: 'Good evening, Ada!' });
      await writeFile(config, JSON.stringify({ salutation: '' }));
      await started.reloader.check();
      expect((await client.callTool('greet', { name: 'Ada' })).structuredContent).toMatchObject({
        message: 'Good evening, Ada!',
      });
    } finally {
      await started.stop();
    }
  });
});
