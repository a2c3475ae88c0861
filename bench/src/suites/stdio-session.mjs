/** Opening a stdio server for a measurement: spawn, handshake, tear down. */
import { spawnServer } from '../drivers/child.mjs';
import { StdioClient } from '../drivers/stdio-client.mjs';
import { INITIALIZED_LINE, initializeLine } from '../workload.mjs';

/**
 * Spawns `impl` in stdio mode and, for the legacy era, performs the `initialize`
 * handshake. Returns the server handle and a client; call `server.stop()` after.
 */
export async function openStdio(impl, { era = 'legacy', env = {}, nodeArgs = [] } = {}) {
  const server = spawnServer(impl, 'stdio', { env, nodeArgs });
  const client = new StdioClient(server.child);
  try {
    if (era === 'legacy') await handshake(client);
  } catch (error) {
    await server.stop();
    throw new Error(`${impl}: ${error.message}\n--- server stderr ---\n${server.stderrTail()}`);
  }
  return { server, client };
}

export async function handshake(client) {
  const response = await client.request(initializeLine);
  if (response.result?.protocolVersion === undefined) {
    throw new Error(`initialize failed: ${JSON.stringify(response).slice(0, 300)}`);
  }
  client.notify(INITIALIZED_LINE);
}

/** The problem with an echo response, or undefined when it echoed `text`. */
export function checkEcho(text) {
  return (response) => {
    const result = response.result;
    if (result === undefined) return JSON.stringify(response).slice(0, 300);
    if (result.isError) return `isError: ${JSON.stringify(result).slice(0, 300)}`;
    if (result.content?.[0]?.text !== text) return `wrong echo: ${JSON.stringify(result).slice(0, 300)}`;
    return undefined;
  };
}

export function checkToolCount(count) {
  return (response) => {
    const tools = response.result?.tools;
    if (!Array.isArray(tools)) return JSON.stringify(response).slice(0, 300);
    if (tools.length !== count) return `expected ${count} tools, got ${tools.length}`;
    return undefined;
  };
}
