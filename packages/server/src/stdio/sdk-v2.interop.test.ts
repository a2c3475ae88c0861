import { Client, ProtocolError } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE } from './test-support/spawn-fixture.js';

let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

/** The official SDK v2 client, with real elicitation and sampling handlers, on the fixture child. */
async function connect(mode: 'auto' | 'legacy'): Promise<Client> {
  const connected = new Client(
    { name: 'sdk-v2-interop', version: '2.0.0' },
    { capabilities: { elicitation: {}, sampling: {} }, versionNegotiation: { mode } },
  );
  connected.setRequestHandler('elicitation/create', async () => ({
    action: 'accept',
    content: { name: 'Grace' },
  }));
  connected.setRequestHandler('sampling/createMessage', async (request) => {
    const first = request.params.messages[0]?.content as { text?: string } | undefined;
    return { role: 'assistant', content: { type: 'text', text: `v2 ${first?.text}` }, model: 'm' };
  });
  await connected.connect(
    new StdioClientTransport({ command: process.execPath, args: [FIXTURE], stderr: 'ignore' }),
  );
  client = connected;
  return connected;
}

/** Calls `wait_for_cancel`, aborts it after 50 ms; 'cancelled' when the call rejected. */
async function cancelledCall(connected: Client): Promise<string> {
  const controller = new AbortController();
  const call = connected.callTool({ name: 'wait_for_cancel', arguments: {} }, { signal: controller.signal });
  setTimeout(() => controller.abort('stop'), 50);
  return call.then(
    () => 'not cancelled',
    () => 'cancelled',
  );
}

describe('official SDK v2 client over stdio', () => {
  it('negotiates the modern era and lists, calls, fulfils MRTR, gets progress, cancels', async () => {
    const v2 = await connect('auto');
    expect(v2.getProtocolEra()).toBe('modern');
    expect((await v2.listTools()).tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['echo', 'add', 'ask_name']),
    );
    expect(await v2.callTool({ name: 'echo', arguments: { text: 'hi' } })).toMatchObject({
      content: [{ type: 'text', text: 'hi' }],
    });
    expect(await v2.callTool({ name: 'add', arguments: { a: 1, b: 2 } })).toMatchObject({
      structuredContent: { sum: 3 },
    });
    expect(await v2.callTool({ name: 'not_found', arguments: {} })).toMatchObject({ isError: true });
    const unknown = await v2
      .callTool({ name: 'missing_tool', arguments: {} })
      .catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(ProtocolError);
    expect((unknown as ProtocolError).message).toContain('Unknown tool');
    // MRTR: the v2 client answers input_required through its handlers and retries with requestState.
    expect(await v2.callTool({ name: 'ask_name', arguments: {} })).toMatchObject({
      content: [{ text: 'Hello, Grace!' }],
    });
    expect(await v2.callTool({ name: 'ask_llm', arguments: { prompt: 'q' } })).toMatchObject({
      content: [{ text: 'LLM response: v2 q' }],
    });
    // The SDK drops progress that arrives after it settled the call; what arrives is in order.
    const progress: number[] = [];
    await v2.callTool(
      { name: 'progress', arguments: { steps: 2 } },
      { onprogress: (event) => progress.push(event.progress) },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress).toEqual([1, 2].slice(0, progress.length));
    expect(await cancelledCall(v2)).toBe('cancelled');
    expect(await v2.callTool({ name: 'echo', arguments: { text: 'still' } })).toMatchObject({
      content: [{ text: 'still' }],
    });
    expect(await v2.readResource({ uri: 'test://template/7/data' })).toMatchObject({
      contents: [{ text: '{"id":"7"}' }],
    });
    await expect(v2.readResource({ uri: 'test://nope' })).rejects.toThrow();
  });

  it('works in the legacy era with real server-to-client requests', async () => {
    const v2 = await connect('legacy');
    expect(v2.getProtocolEra()).toBe('legacy');
    expect(await v2.callTool({ name: 'echo', arguments: { text: 'hi' } })).toMatchObject({
      content: [{ text: 'hi' }],
    });
    expect(await v2.callTool({ name: 'ask_name', arguments: {} })).toMatchObject({
      content: [{ text: 'Hello, Grace!' }],
    });
    expect(await v2.callTool({ name: 'ask_llm', arguments: { prompt: 'q' } })).toMatchObject({
      content: [{ text: 'LLM response: v2 q' }],
    });
    expect(await cancelledCall(v2)).toBe('cancelled');
  });
});
