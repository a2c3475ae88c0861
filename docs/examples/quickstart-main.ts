#!/usr/bin/env node
import { run } from '@mcpforge/server';
import { createGreeterServer } from './quickstart-server.js';

// `--health` prints "ok" and exits before the server is built; otherwise stdio until stdin ends or a signal.
await run(createGreeterServer, { name: 'greeter' });
