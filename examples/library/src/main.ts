#!/usr/bin/env node
import { createLogger, health, run } from '@forge/server';
import { SERVER_NAME } from './config.js';
import { startLibrary } from './start.js';

// `--health` prints "ok" and exits before the config is read or the database opened.
health();

const logger = createLogger({ name: SERVER_NAME, redact: ['approvalKey', '*.approvalKey'] });
let stop: (() => Promise<void>) | undefined;

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
