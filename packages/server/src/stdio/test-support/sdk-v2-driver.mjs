// Drives the fixture server with the official SDK v2 client and prints one JSON report.
// Run as a child process: the v2 client pulls in packages whose `source` export condition
// points at TypeScript, which Vitest's `source` resolution cannot load.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [fixture, mode] = process.argv.slice(2);
const client = new Client(
  { name: 'sdk-v2-interop', version: '2.0.0' },
  { capabilities: { elicitation: {}, sampling: {} }, versionNegotiation: { mode } },
);
client.setRequestHandler('elicitation/create', async () => ({
  action: 'accept',
  content: { name: 'Grace' },
}));
client.setRequestHandler('sampling/createMessage', async (request) => ({
  role: 'assistant',
  content: { type: 'text', text: `v2 ${request.params.messages[0]?.content?.text}` },
  model: 'm',
}));

const report = {};
const step = async (name, run) => {
  try {
    report[name] = { ok: true, value: await run() };
  } catch (error) {
    report[name] = { ok: false, error: String(error?.message ?? error), code: error?.code };
  }
};

await client.connect(
  new StdioClientTransport({ command: process.execPath, args: [fixture], stderr: 'ignore' }),
);
report.era = client.getProtocolEra();
await step('list', async () => (await client.listTools()).tools.map((tool) => tool.name));
await step('echo', () => client.callTool({ name: 'echo', arguments: { text: 'hi' } }));
await step('add', () => client.callTool({ name: 'add', arguments: { a: 1, b: 2 } }));
await step('domainError', () => client.callTool({ name: 'not_found', arguments: {} }));
await step('unknownTool', () => client.callTool({ name: 'missing_tool', arguments: {} }));
await step('elicit', () => client.callTool({ name: 'ask_name', arguments: {} }));
await step('sample', () => client.callTool({ name: 'ask_llm', arguments: { prompt: 'q' } }));
await step('progress', async () => {
  const seen = [];
  await client.callTool(
    { name: 'progress', arguments: { steps: 2 } },
    { onprogress: (p) => seen.push(p.progress) },
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  return seen;
});
await step('cancel', async () => {
  const controller = new AbortController();
  const call = client.callTool({ name: 'wait_for_cancel', arguments: {} }, { signal: controller.signal });
  setTimeout(() => controller.abort('stop'), 50);
  try {
    await call;
    return 'not cancelled';
  } catch {
    return 'cancelled';
  }
});
await step('afterCancel', () => client.callTool({ name: 'echo', arguments: { text: 'still' } }));
await step('read', () => client.readResource({ uri: 'test://template/7/data' }));
await step('readMissing', () => client.readResource({ uri: 'test://nope' }));
await client.close();
process.stdout.write(`${JSON.stringify(report)}\n`);
