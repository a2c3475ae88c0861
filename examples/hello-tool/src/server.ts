import { createServer, type McpServer } from '@mcpforge/server';
import { registerEcho } from './tools/echo.js';
import { registerHello } from './tools/hello.js';

/** The server's name, as clients see it. */
export const SERVER_NAME = 'hello-tool';

/** Builds the hello-tool server: `hello` and `echo`. */
export function createHelloServer(): McpServer {
  const server = createServer({ name: SERVER_NAME, version: '0.1.0', title: 'Hello tool' });
  registerHello(server);
  registerEcho(server);
  return server;
}
