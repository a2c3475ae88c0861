import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@mcpforge/server';
import { afterEach, describe, expect, it } from 'vitest';
import { startConfig } from './config.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function configFile(content: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'forge-config-'));
  dirs.push(dir);
  const file = join(dir, 'library.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}
// biome-ignore lint/suspicious/noTemplateCurlyInString: a config placeholder, not a template
const good = { apiKey: '${LIBRARY_API_KEY}', baseUrl: 'https://api.example.com', maxResults: 5 };

describe('config: variable expansion, fail-closed, reload by content hash', () => {
  it('expands variables from the environment', async () => {
    const file = configFile(good);
    const reloader = await startConfig(['--config', file], { LIBRARY_API_KEY: 'k1' }, () => {});
    expect(reloader.current).toEqual({ apiKey: 'k1', baseUrl: 'https://api.example.com', maxResults: 5 });
    reloader.stop();
  });

  it('refuses to start when a required secret is not set', async () => {
    const file = configFile(good);
    const error = await startConfig(['--config', file], {}, () => {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error).toMatchObject({ code: 'ERR_CONFIG_INVALID' });
    expect((error as ConfigError).message).toContain("config field 'apiKey'");
  });

  it('finds $MCPFORGE_TENANT_CONFIG/<server>.json when there is no --config', async () => {
    const file = configFile(good);
    const env = { MCPFORGE_TENANT_CONFIG: join(file, '..'), LIBRARY_API_KEY: 'k2' };
    const reloader = await startConfig([], env, () => {});
    expect(reloader.current?.apiKey).toBe('k2');
    reloader.stop();
  });

  it('applies a valid change, keeps the last good config on an invalid one', async () => {
    const file = configFile(good);
    const seen: string[] = [];
    const reloader = await startConfig(['--config', file], { LIBRARY_API_KEY: 'k1', NEW_KEY: 'k3' }, (key) =>
      seen.push(key),
    );
    expect(await reloader.check()).toBe(false); // same bytes: not even parsed
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a config placeholder, not a template
    writeFileSync(file, JSON.stringify({ ...good, apiKey: '${NEW_KEY}' }));
    expect(await reloader.check()).toBe(true);
    writeFileSync(file, JSON.stringify({ ...good, maxResults: 500 }));
    expect(await reloader.check()).toBe(false);
    expect(seen).toEqual(['k3']);
    expect(reloader.current?.apiKey).toBe('k3');
    reloader.stop();
  });
});
