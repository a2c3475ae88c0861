import type { ConfigReloader, Logger, McpServer } from '@mcpforge/server';
import {
  type Config,
  type ConfigSource,
  type configSchema,
  loadServerConfig,
  watchServerConfig,
} from './config.js';
import { Manager } from './domain/manager.js';
import { createTemplateServer } from './server.js';

/** A started server: what to serve, its state, and how to release it. */
export interface StartedServer {
  readonly server: McpServer;
  readonly manager: Manager;
  /** The config watcher; `check()` re-reads the file now. */
  readonly reloader: ConfigReloader<typeof configSchema, Config>;
  /** Stops watching the config and closes the Manager. */
  stop(): Promise<void>;
}

export interface StartOptions extends ConfigSource {
  logger: Logger;
  /** Config poll period in ms; the file is also watched. Default: the reloader's (2000). */
  reloadIntervalMs?: number;
}

/**
 * Loads the config (fail-closed), builds the one Manager and the server, and
 * starts watching the config so edits apply without a restart.
 * @throws ConfigError for a missing or invalid config.
 */
export async function startServer(options: StartOptions): Promise<StartedServer> {
  const { logger } = options;
  const loaded = await loadServerConfig(options);
  const manager = new Manager(loaded.config);
  const reloader = watchServerConfig(loaded, {
    onChange: (config) => {
      manager.configure(config);
      logger.info('config reloaded');
    },
    onError: (error) =>
      logger.warn({ err: { name: error.name, message: error.message } }, 'config change ignored'),
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(options.reloadIntervalMs === undefined ? {} : { intervalMs: options.reloadIntervalMs }),
  });
  await reloader.start();
  return {
    server: createTemplateServer(manager),
    manager,
    reloader,
    stop: async () => {
      reloader.stop();
      await manager.close();
    },
  };
}
