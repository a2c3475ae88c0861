// Drives the official SDK v1 client against a URL in a plain Node process (see v2-client.mjs).
// Prints one JSON line with what the client saw, or { error }.
// Usage: node v1-client.mjs <url>
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const [url] = process.argv.slice(2);
const text = (result) => result.content[0].text;
const out = {};
const client = new Client({ name: 'v1-interop', version: '1.0.0' }, { capabilities: { elicitation: {} } });
client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { name: 'Ada' } }));
const transport = new StreamableHTTPClientTransport(new URL(url), {
  reconnectionOptions: {
    initialReconnectionDelay: 20,
    maxReconnectionDelay: 100,
    reconnectionDelayGrowFactor: 1,
    maxRetries: 5,
  },
});
try {
  await client.connect(transport);
  out.sessionId = transport.sessionId;
  out.echo = text(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }));
  const progress = [];
  out.progressResult = text(
    await client.callTool({ name: 'progress', arguments: {} }, undefined, {
      onprogress: (event) => progress.push(event.progress),
    }),
  );
  out.progress = progress;
  out.ask = text(await client.callTool({ name: 'ask', arguments: {} }));
  const pollProgress = [];
  out.poll = text(
    await client.callTool({ name: 'poll', arguments: {} }, undefined, {
      onprogress: (event) => pollProgress.push(event.progress),
    }),
  );
  out.pollProgress = pollProgress;
  await transport.terminateSession();
  const after = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-session-id': out.sessionId,
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'ping' }),
  });
  out.afterDeleteStatus = after.status;
  await after.text();
  process.stdout.write(`${JSON.stringify(out)}\n`);
} catch (error) {
  process.stdout.write(`${JSON.stringify({ ...out, error: String(error?.stack ?? error) })}\n`);
} finally {
  await client.close();
}
