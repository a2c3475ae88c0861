import {
  ConfigReloader,
  type Environment,
  type Infer,
  type LoadedConfig,
  loadConfig,
  s,
} from '@mcpforge/server';

/** The server's name: also its tenant config file (`$MCPFORGE_TENANT_CONFIG/template.json`). */
export const SERVER_NAME = 'template';

/**
 * The configuration. Write secrets as `${VAR}`: they come from the environment,
 * and an unset variable becomes '' which `minLength: 1` rejects (fail-closed).
 */
export const configSchema = s.object({
  salutation: s.string({ minLength: 1, maxLength: 40, description: 'How greetings begin, e.g. "Hello".' }),
});

export type Config = Infer<typeof configSchema>;

/** Where to look: `$MCPFORGE_TENANT_CONFIG/template.json` when it exists, else `--config FILE`. */
export interface ConfigSource {
  argv?: readonly string[];
  env?: Environment;
}

/** Loads and validates the config. @throws ConfigError naming the file and the field. */
export function loadServerConfig(source: ConfigSource = {}): Promise<LoadedConfig<Config>> {
  return loadConfig<typeof configSchema, Config>({
    serverName: SERVER_NAME,
    schema: configSchema,
    ...(source.argv === undefined ? {} : { argv: source.argv }),
    ...(source.env === undefined ? {} : { env: source.env }),
  });
}

/**
 * Watches the config file and hands each new valid version to `onChange`. The
 * content is hashed (SHA-256) and parsed only when it changed; an invalid version
 * goes to `onError` and the last good one stays in force.
 */
export function watchServerConfig(
  initial: LoadedConfig<Config>,
  handlers: {
    onChange: (config: Config) => void;
    onError: (error: Error) => void;
    env?: Environment;
    intervalMs?: number;
  },
): ConfigReloader<typeof configSchema, Config> {
  return new ConfigReloader<typeof configSchema, Config>({
    source: initial.source,
    schema: configSchema,
    initial,
    watch: true,
    onChange: handlers.onChange,
    onError: handlers.onError,
    ...(handlers.env === undefined ? {} : { env: handlers.env }),
    ...(handlers.intervalMs === undefined ? {} : { intervalMs: handlers.intervalMs }),
  });
}
