import { dirname, isAbsolute, resolve } from 'node:path';
import {
  ConfigReloader,
  type Environment,
  type Infer,
  type LoadedConfig,
  loadConfig,
  s,
} from '@mcpforge/server';
import { MIN_APPROVAL_KEY_LENGTH } from './domain/approval.js';

/** The server's name: also the tenant config file name (`$MCPFORGE_TENANT_CONFIG/library.json`). */
export const SERVER_NAME = 'library';

/**
 * The trusted configuration. The role comes only from here, never from tool
 * arguments. An editor needs a data directory and an approval key: an unset
 * `${VAR}` expands to '' and is rejected (fail-closed).
 */
export const libraryConfigSchema = s.object(
  {
    role: s.enum(['reader', 'editor'], {
      description: 'reader: search and read; editor: also create drafts.',
    }),
    dataDir: s.optional(s.string({ description: 'Draft database directory; relative to the config file.' })),
    approvalKey: s.optional(s.string({ description: 'HMAC key of operator approvals.' })),
  },
  {
    keywords: {
      if: { properties: { role: { const: 'editor' } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, never awaited
      then: {
        required: ['dataDir', 'approvalKey'],
        properties: {
          dataDir: { type: 'string', minLength: 1 },
          approvalKey: { type: 'string', minLength: MIN_APPROVAL_KEY_LENGTH },
        },
      },
    },
  },
);

export type LibraryConfig = Infer<typeof libraryConfigSchema>;
export type LibraryRole = LibraryConfig['role'];

/** Where to load from: `$MCPFORGE_TENANT_CONFIG/library.json` when it exists, else `--config FILE`. */
export interface ConfigSource {
  argv?: readonly string[];
  env?: Environment;
}

/** Loads and validates the config. @throws ConfigError naming the file and the field. */
export function loadLibraryConfig(source: ConfigSource = {}): Promise<LoadedConfig<LibraryConfig>> {
  return loadConfig<typeof libraryConfigSchema, LibraryConfig>({
    serverName: SERVER_NAME,
    schema: libraryConfigSchema,
    ...(source.argv === undefined ? {} : { argv: source.argv }),
    ...(source.env === undefined ? {} : { env: source.env }),
  });
}

/** The data directory as an absolute path, relative ones taken from the config file's folder. */
export function resolveDataDir(loaded: LoadedConfig<LibraryConfig>): string | undefined {
  const { dataDir } = loaded.config;
  if (dataDir === undefined || dataDir === '') return undefined;
  return isAbsolute(dataDir) ? dataDir : resolve(dirname(loaded.source), dataDir);
}

/** Watches the config file; each new valid version goes to `onChange`, a bad one to `onError`. */
export function watchLibraryConfig(
  initial: LoadedConfig<LibraryConfig>,
  handlers: {
    onChange: (config: LibraryConfig) => void;
    onError: (error: Error) => void;
    env?: Environment;
    intervalMs?: number;
  },
): ConfigReloader<typeof libraryConfigSchema, LibraryConfig> {
  return new ConfigReloader<typeof libraryConfigSchema, LibraryConfig>({
    source: initial.source,
    schema: libraryConfigSchema,
    initial,
    watch: true,
    onChange: handlers.onChange,
    onError: handlers.onError,
    ...(handlers.env === undefined ? {} : { env: handlers.env }),
    ...(handlers.intervalMs === undefined ? {} : { intervalMs: handlers.intervalMs }),
  });
}
