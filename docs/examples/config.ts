import { ConfigReloader, type Environment, loadConfig, s } from '@mcpforge/server';

/** The config schema: `${VAR}` values are expanded first; a missing variable becomes '' and fails minLength. */
export const configSchema = s.object({
  apiKey: s.string({ minLength: 1 }),
  baseUrl: s.string({ format: 'uri' }),
  maxResults: s.integer({ minimum: 1, maximum: 50 }),
});

/** `$MCPFORGE_TENANT_CONFIG/library.json` when it exists; else the static `--config FILE`. Throws ConfigError. */
export async function startConfig(
  argv: readonly string[],
  env: Environment,
  onChange: (apiKey: string) => void,
) {
  const loaded = await loadConfig({ serverName: 'library', argv, env, schema: configSchema });
  const reloader = new ConfigReloader({
    source: loaded.source,
    schema: configSchema,
    env,
    initial: loaded,
    intervalMs: 0, // poll off here; the default is every 2000 ms
    onChange: (config) => onChange(config.apiKey),
    onError: (error) => process.stderr.write(`config kept, new version refused: ${error.message}\n`),
  });
  await reloader.start();
  return reloader;
}
