#!/usr/bin/env node
import { createLogger, health, run } from '@forge/server';
import { SERVER_NAME } from './config.js';
import { startServer } from './start.js';

// `--health` prints "ok" and exits before the config is read.
health();

const logger = createLogger({ name: SERVER_NAME });
let stop: (() => Promise<void>) | undefined;

await run(
  async () => {
    const started = await startServer({ logger });
    stop = started.stop;
    return started.server;
  },
  {
    name: SERVER_NAME,
    logger,
    // Release the Manager's resources before the process ends.
    exit: (code) => {
      void (stop?.() ?? Promise.resolve())
        .catch((error: unknown) => logger.error({ err: error }, 'shutdown cleanup failed'))
        .finally(() => process.exit(code));
    },
  },
);
