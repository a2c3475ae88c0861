import type { McpServer } from '@mcpforge/server';
import { createTaskServer } from '@mcpforge/server/tasks';
import { addContentTools } from './content-tools.js';
import { addInteractiveTools } from './interactive-tools.js';
import { addModernTools } from './modern-tools.js';
import { addResourcesAndPrompts } from './resources-and-prompts.js';
import { addTaskTools } from './task-tools.js';

/** The server the official conformance suite expects, built once. */
export function buildEverythingServer(): McpServer {
  const server = createTaskServer({
    name: 'mcp-conformance-test-server',
    version: '1.0.0',
    instructions: 'forge everything server: every feature the MCP conformance suite exercises.',
  });
  addContentTools(server);
  addInteractiveTools(server);
  addModernTools(server);
  addResourcesAndPrompts(server);
  addTaskTools(server);
  return server;
}

/** Notifies subscribers of `test://watched-resource` every `intervalMs`; returns a stop function. */
export function watchResource(server: McpServer, intervalMs = 3000): () => void {
  const timer = setInterval(() => server.notifyResourceUpdated('test://watched-resource'), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
