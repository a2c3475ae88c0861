#!/usr/bin/env node
import { health, run } from '@forge/server';
import { createHelloServer, SERVER_NAME } from './server.js';

// `--health` prints "ok" and exits before anything is built.
health();
await run(createHelloServer, { name: SERVER_NAME });
