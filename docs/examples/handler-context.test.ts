import { createTestClient } from '@mcpforge/server/testing';
import { describe, expect, it } from 'vitest';
import { createShelfServer } from './handler-context.js';

const ELICITATION = { elicitation: { form: {} } };
const accept = { action: 'accept', content: { confirm: true } };

describe('handler context: progress, logging, cancellation', () => {
  it('sends increasing progress for a progressToken, and the log once the session level allows it', async () => {
    const client = createTestClient(createShelfServer());
    await client.initialize();
    await client.callTool('import_books', { count: 3 }, { meta: { progressToken: 'p1' } });
    const progress = client.notifications.filter((note) => note.method === 'notifications/progress');
    expect(progress.map((note) => note.params)).toEqual([
      { progressToken: 'p1', progress: 1, total: 3, message: 'imported 1' },
      { progressToken: 'p1', progress: 2, total: 3, message: 'imported 2' },
      { progressToken: 'p1', progress: 3, total: 3, message: 'imported 3' },
    ]);
    expect(client.notifications.find((note) => note.method === 'notifications/message')?.params).toEqual({
      level: 'info',
      data: { imported: 3 },
      logger: 'import',
    });
    await client.request('logging/setLevel', { level: 'error' });
    const before = client.notifications.length;
    await client.callTool('import_books', { count: 1 });
    expect(client.notifications.slice(before).some((note) => note.method === 'notifications/message')).toBe(
      false,
    );
  });

  it('a modern request gets log messages only when it names a level', async () => {
    const client = createTestClient(createShelfServer(), { era: 'modern' });
    await client.callTool('import_books', { count: 1 });
    expect(client.notifications).toEqual([]);
    await client.callTool(
      'import_books',
      { count: 1 },
      { meta: { 'io.modelcontextprotocol/logLevel': 'debug' } },
    );
    expect(client.notifications.map((note) => note.method)).toEqual(['notifications/message']);
  });

  it('notifications/cancelled aborts the handler and no response is sent', async () => {
    const client = createTestClient(createShelfServer());
    await client.initialize();
    const pending = client.send({
      jsonrpc: '2.0',
      id: 'long',
      method: 'tools/call',
      params: { name: 'import_books', arguments: { count: 100 } },
    });
    await client.cancel('long', 'user pressed stop');
    expect(await pending).toBeUndefined();
  });
});

describe('client input: one handler, both eras', () => {
  it('legacy: a real elicitation/create request, related to the call', async () => {
    const client = createTestClient(createShelfServer(), {
      capabilities: ELICITATION,
      handlers: { 'elicitation/create': () => accept },
    });
    await client.initialize();
    const result = await client.callTool('delete_shelf', { shelf: 'sci-fi' }, { id: 5 });
    expect(result).toEqual({ content: [{ type: 'text', text: "deleted shelf 'sci-fi'" }] });
    expect(client.requests).toMatchObject([{ method: 'elicitation/create', relatedRequestId: 5 }]);
  });

  it('modern (MRTR): input_required, then a retry with inputResponses and the same requestState', async () => {
    const client = createTestClient(createShelfServer(), { era: 'modern', capabilities: ELICITATION });
    const first = (await client.callTool('delete_shelf', { shelf: 'sci-fi' })) as unknown as Record<
      string,
      unknown
    >;
    expect(first).toMatchObject({
      resultType: 'input_required',
      inputRequests: { elicitation: { method: 'elicitation/create' } },
    });
    expect(typeof first['requestState']).toBe('string');
    const retry = await client.request('tools/call', {
      name: 'delete_shelf',
      arguments: { shelf: 'sci-fi' },
      inputResponses: { elicitation: accept },
      requestState: first['requestState'],
    });
    expect(retry).toMatchObject({ resultType: 'complete', content: [{ text: "deleted shelf 'sci-fi'" }] });
  });

  it('modern: requestState is bound to the call and tamper-proof (-32602)', async () => {
    const client = createTestClient(createShelfServer(), { era: 'modern', capabilities: ELICITATION });
    const first = (await client.callTool('delete_shelf', { shelf: 'sci-fi' })) as unknown as {
      requestState: string;
    };
    const retry = (shelf: string, requestState: string) =>
      client.request('tools/call', {
        name: 'delete_shelf',
        arguments: { shelf },
        inputResponses: { elicitation: accept },
        requestState,
      });
    await expect(retry('fantasy', first.requestState)).rejects.toMatchObject({
      code: -32602,
      data: { reason: 'ERR_REQUEST_STATE_MISMATCH' },
    });
    const [body, tag] = first.requestState.split('.') as [string, string];
    await expect(retry('sci-fi', `${body}x.${tag}`)).rejects.toMatchObject({
      code: -32602,
      data: { reason: 'ERR_REQUEST_STATE_SIGNATURE' },
    });
  });

  it('a capability the request did not declare: modern -32021, legacy -32603', async () => {
    const modern = createTestClient(createShelfServer(), { era: 'modern' });
    await expect(modern.callTool('delete_shelf', { shelf: 'x' })).rejects.toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { elicitation: {} } },
    });
    const legacy = createTestClient(createShelfServer());
    await legacy.initialize();
    await expect(legacy.callTool('delete_shelf', { shelf: 'x' })).rejects.toMatchObject({
      code: -32603,
      message: 'The client did not declare the capability: elicitation',
    });
  });
});
