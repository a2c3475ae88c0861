import { createServer, type McpServer } from '@mcpforge/server';
import { SERVER_NAME } from './config.js';
import type { Manager } from './domain/manager.js';
import { registerGreet } from './tools/greet.js';

/** Builds the server: every tool registered explicitly, all sharing one Manager. */
export function createTemplateServer(manager: Manager): McpServer {
  const server = createServer({ name: SERVER_NAME, version: '0.1.0' });
  registerGreet(server, manager);
  return server;
}
