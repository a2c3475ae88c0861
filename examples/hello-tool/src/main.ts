#!/usr/bin/env node
import { run } from '@mcpforge/server';
import { createHelloServer, SERVER_NAME } from './server.js';

// `run` answers `--health` ("ok", exit 0) before anything is built.
await run(createHelloServer, { name: SERVER_NAME });
