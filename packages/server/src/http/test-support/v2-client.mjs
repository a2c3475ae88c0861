// Drives the official SDK v2 client against a URL in a plain Node process (the vitest
// `source` resolve condition would load eventsource's TypeScript sources). Prints one JSON
// line: what the client saw, or { error }.
// Usage: node v2-client.mjs <url> legacy|modern
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const [url, era] = process.argv.slice(2);
const options = { capabilities: { elicitation: {} } };
if (era === 'modern') options.versionNegotiation = { mode: { pin: '2026-07-28' } };
const client = new Client({ name: 'v2-interop', version: '2.0.0' }, options);
client.setRequestHandler('elicitation/create', async () => ({
  action: 'accept',
  content: { name: 'Grace' },
}));
const transport = new StreamableHTTPClientTransport(new URL(url), {
  reconnectionOptions: {
    initialReconnectionDelay: 20,
    maxReconnectionDelay: 100,
    reconnectionDelayGrowFactor: 1,
    maxRetries: 5,
  },
});
const text = (result) => result.content[0].text;
try {
  await client.connect(transport);
  const tools = await client.listTools();
  const out = {
    sessionId: transport.sessionId ?? null,
    tools: tools.tools.map((tool) => tool.name),
    echo: text(await client.callTool({ name: 'echo', arguments: { text: era } })),
    route: text(await client.callTool({ name: 'route', arguments: { region: 'eu-west' } })),
    ask: text(await client.callTool({ name: 'ask', arguments: {} })),
  };
  if (era === 'legacy') {
    // The server drops the SSE connection mid-call; the answer comes after GET + Last-Event-ID.
    out.poll = text(await client.callTool({ name: 'poll', arguments: {} }, { onprogress: () => {} }));
    await transport.terminateSession();
    out.terminated = true;
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
} catch (error) {
  process.stdout.write(`${JSON.stringify({ error: String(error?.stack ?? error) })}\n`);
} finally {
  await client.close();
}
