#!/usr/bin/env node
import { createLogger, run } from '@mcpforge/server';
import { SERVER_NAME } from './config.js';
import { startServer } from './start.js';

const logger = createLogger({ name: SERVER_NAME });
let stop: (() => Promise<void>) | undefined;

// `run` answers `--health` ("ok", exit 0) before the build below reads any config.
await run(
  async () => {
    const started = await startServer({ logger });
    stop = started.stop;
    return started.server;
  },
  {
    name: SERVER_NAME,
    logger,
    // Release the Manager's resources before the process ends (failures are logged).
    onShutdown: async () => {
      await stop?.();
    },
  },
);
