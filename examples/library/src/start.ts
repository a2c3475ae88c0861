import type { ConfigReloader, Logger, McpServer } from '@mcpforge/server';
import {
  type ConfigSource,
  type LibraryConfig,
  type libraryConfigSchema,
  loadLibraryConfig,
  resolveDataDir,
  watchLibraryConfig,
} from './config.js';
import { DraftStore } from './domain/draft-store.js';
import { Library } from './domain/library.js';
import { LibraryServer } from './server.js';

/** A started library: the server to serve and how to release it. */
export interface StartedLibrary {
  readonly server: McpServer;
  readonly app: LibraryServer;
  readonly library: Library;
  /** The config watcher; `check()` re-reads the file now. */
  readonly reloader: ConfigReloader<typeof libraryConfigSchema, LibraryConfig>;
  /** Stops watching the config and closes the draft store. */
  stop(): Promise<void>;
}

export interface StartOptions extends ConfigSource {
  logger: Logger;
  /** Config poll period; the file is also watched. Default: the reloader's. */
  reloadIntervalMs?: number;
}

/**
 * Loads the config, opens the draft store when a data directory is configured
 * (running its migrations), builds the server for the configured role and starts
 * watching the config file.
 * @throws ConfigError for a missing or invalid config; nothing stays open then.
 */
export async function startLibrary(options: StartOptions): Promise<StartedLibrary> {
  const { logger } = options;
  const loaded = await loadLibraryConfig(options);
  const dataDir = resolveDataDir(loaded);
  if (dataDir !== undefined) logger.info({ dataDir }, 'opening the draft store');
  const drafts = dataDir === undefined ? undefined : await DraftStore.open(dataDir);
  if (drafts !== undefined && drafts.migrated.length > 0) {
    logger.info({ versions: drafts.migrated }, 'draft store schema migrated');
  }
  const library = new Library(drafts === undefined ? {} : { drafts });
  let app: LibraryServer;
  try {
    app = new LibraryServer(library, loaded.config);
  } catch (error) {
    await library.close();
    throw error;
  }
  const reloader = watchLibraryConfig(loaded, {
    onChange: (config) => {
      app.applyConfig(config);
      logger.info({ role: app.role }, 'config reloaded');
    },
    onError: (error) =>
      logger.warn({ err: { name: error.name, message: error.message } }, 'config change ignored'),
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(options.reloadIntervalMs === undefined ? {} : { intervalMs: options.reloadIntervalMs }),
  });
  await reloader.start();
  logger.info({ role: app.role, config: loaded.source, dataDir: dataDir ?? null }, 'library ready');
  return {
    server: app.server,
    app,
    library,
    reloader,
    stop: async () => {
      reloader.stop();
      await library.close();
    },
  };
}
