#!/usr/bin/env node
import { createLogger, run } from '@mcpforge/server';
import { SERVER_NAME } from './config.js';
import { startLibrary } from './start.js';

const logger = createLogger({ name: SERVER_NAME, redact: ['approvalKey', '*.approvalKey'] });
let stop: (() => Promise<void>) | undefined;

// `run` answers `--health` ("ok", exit 0) before the build reads the config or opens the database.
await run(
  async () => {
    const started = await startLibrary({ logger });
    stop = started.stop;
    return started.server;
  },
  {
    name: SERVER_NAME,
    logger,
    // Close the database before the process ends, so every write is on disk (failures are logged).
    onShutdown: async () => {
      await stop?.();
    },
  },
);
