#!/usr/bin/env node
import { run } from '@mcpforge/server';
import { buildEverythingServer, watchResource } from './server.js';

// `--http [host:]port` serves Streamable HTTP; stdio otherwise.
await run(
  () => {
    const server = buildEverythingServer();
    watchResource(server);
    return server;
  },
  { name: 'everything' },
);
