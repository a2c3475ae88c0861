#!/usr/bin/env node
import { run } from '@mcpforge/server';
import { HttpAuthError, type HttpRequestInfo, httpTransport } from '@mcpforge/server/http';
import { createGreeterServer } from './quickstart-server.js';

// One bearer token, from the environment; a real server would verify a JWT or ask an IdP.
const token = process.env['GREETER_TOKEN'] ?? 'change-me';

function authenticate(request: HttpRequestInfo): { user: string } {
  if (request.header('authorization') !== `Bearer ${token}`) {
    throw new HttpAuthError(401, 'a valid bearer token is required', 'Bearer realm="greeter"');
  }
  return { user: 'owner' };
}

// `run` with an HTTP transport: the options `--http` cannot take, plus every createHttpHandler option.
await run(createGreeterServer, {
  name: 'greeter',
  transport: httpTransport({
    host: '127.0.0.1',
    port: Number(process.env['PORT'] ?? 3000),
    path: '/api/mcp',
    authenticate,
    maxBodyBytes: 64 * 1024,
    sessionIdleTimeoutMs: 5 * 60_000,
  }),
});
