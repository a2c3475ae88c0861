import { PassThrough } from 'node:stream';
import { fromStreams, RpcError } from '@mcpforge/wire';
import { afterEach, describe, expect, it } from 'vitest';
import { text } from '../results/index.js';
import { s } from '../schema/index.js';
import { createServer } from '../server/mcp-server.js';
import { type StdioServer, serveStdio } from './serve-stdio.js';

const empty = { type: 'object' } as const;
const open: StdioServer[] = [];

function setup(options: { maxMessageBytes?: number } = {}) {
  const server = createServer({ name: 'stdio', version: '1.0.0' });
  server.tool({ name: 'echo', inputSchema: s.object({ text: s.string() }) }, (args) => text(args.text));
  server.tool(
    { name: 'wait', inputSchema: empty },
    (_args, ctx) =>
      new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve(text('late')))),
  );
  server.tool(
    { name: 'hold', inputSchema: s.object({ ms: s.integer() }) },
    (args) => new Promise((resolve) => setTimeout(() => resolve(text('held')), args.ms)),
  );
  server.tool({ name: 'ask', inputSchema: empty }, async (_args, ctx) => {
    const answer = await ctx.elicit({ message: 'Name?', requestedSchema: empty });
    return text(String(answer.action));
  });
  const toServer = new PassThrough();
  const fromServer = new PassThrough();
  const errors: Error[] = [];
  const served = serveStdio(server, {
    input: toServer,
    output: fromServer,
    closeGraceMs: 200,
    ...options,
    onError: (e) => errors.push(e),
  });
  open.push(served);
  const client = fromStreams(fromServer, toServer);
  const lines: string[] = [];
  fromServer.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  return { server, served, client, toServer, errors, lines };
}

afterEach(() => {
  for (const served of open.splice(0)) served.close();
});

const initialize = {
  protocolVersion: '2025-11-25',
  capabilities: { elicitation: {} },
  clientInfo: { name: 't', version: '1' },
};

describe('serveStdio', () => {
  it('serves the legacy handshake, calls and modern requests on one connection', async () => {
    const { client } = setup();
    expect(await client.request('initialize', initialize)).toMatchObject({ protocolVersion: '2025-11-25' });
    client.notify('notifications/initialized');
    expect(await client.request('tools/call', { name: 'echo', arguments: { text: 'hi' } })).toEqual(
      text('hi'),
    );
    const modern = await client.request('tools/call', {
      name: 'echo',
      arguments: { text: 'm' },
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    });
    expect(modern).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'm' }] });
  });

  it('answers bad input with the right JSON-RPC error and keeps serving', async () => {
    const { client, toServer, lines, errors } = setup({ maxMessageBytes: 1024 });
    await client.request('initialize', initialize);
    toServer.write('{not json\n');
    toServer.write('{"jsonrpc":"2.0","id":1,"method":5}\n');
    toServer.write('[{"jsonrpc":"2.0","id":2,"method":"ping"}]\n');
    toServer.write(`{"jsonrpc":"2.0","id":3,"method":"ping","params":{"pad":"${'x'.repeat(2000)}"}}\n`);
    await expect(client.request('nope/method')).rejects.toMatchObject({ code: -32601 });
    await expect(client.request('tools/call', { name: 1 })).rejects.toMatchObject({ code: -32602 });
    expect(await client.request('ping')).toEqual({});
    const codes = lines
      .map((line) => (JSON.parse(line) as { error?: { code: number } }).error?.code)
      .filter(Boolean);
    expect(codes).toEqual(expect.arrayContaining([-32700, -32600]));
    expect(codes.length).toBeGreaterThanOrEqual(6);
    expect(errors.length).toBeGreaterThanOrEqual(3);
  });

  it('answers -32600 to a request id reused while in flight, then serves the first', async () => {
    const { client, toServer, lines } = setup();
    await client.request('initialize', initialize);
    toServer.write(
      '{"jsonrpc":"2.0","id":"dup","method":"tools/call","params":{"name":"hold","arguments":{"ms":30}}}\n',
    );
    toServer.write(
      '{"jsonrpc":"2.0","id":"dup","method":"tools/call","params":{"name":"echo","arguments":{"text":"x"}}}\n',
    );
    await new Promise((resolve) => setTimeout(resolve, 80));
    const answers = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((m) => m['id'] === 'dup');
    expect(answers).toEqual([
      {
        jsonrpc: '2.0',
        id: 'dup',
        error: { code: -32600, message: expect.stringContaining('already used') },
      },
      { jsonrpc: '2.0', id: 'dup', result: text('held') },
    ]);
  });

  it('cancels through notifications/cancelled: the handler is aborted and nothing is answered', async () => {
    const { client, toServer, lines } = setup();
    await client.request('initialize', initialize);
    toServer.write('{"jsonrpc":"2.0","id":"w","method":"tools/call","params":{"name":"wait"}}\n');
    await new Promise((resolve) => setTimeout(resolve, 10));
    client.notify('notifications/cancelled', { requestId: 'w' });
    expect(await client.request('ping')).toEqual({});
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(lines.some((line) => (JSON.parse(line) as { id?: unknown }).id === 'w')).toBe(false);
  });

  it('sends server-to-client requests through the connection and uses the answer', async () => {
    const { client } = setup();
    client.on('request', (message) => {
      expect(message.method).toBe('elicitation/create');
      client.respond(message.id, { action: 'decline' });
    });
    await client.request('initialize', initialize);
    expect(await client.request('tools/call', { name: 'ask' })).toEqual(text('decline'));
  });

  it('shuts down gracefully: in-flight calls finish and are answered, then the connection closes', async () => {
    const { client, served } = setup();
    await client.request('initialize', initialize);
    const pending = client.request('tools/call', { name: 'hold', arguments: { ms: 30 } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(served.inFlight).toBe(1);
    const shutdown = served.shutdown(2000);
    expect(await pending).toEqual(text('held'));
    await shutdown;
    expect(served.connection.closed).toBe(true);
  });

  it('writes the answer of a call still running when the input ends (issue 8, defect 5)', async () => {
    const { served, client, toServer, lines } = setup();
    await client.request('initialize', initialize);
    toServer.write(
      '{"jsonrpc":"2.0","id":"late","method":"tools/call","params":{"name":"hold","arguments":{"ms":20}}}\n',
    );
    toServer.end();
    await served.closed;
    const answers = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(answers.at(-1)).toEqual({ jsonrpc: '2.0', id: 'late', result: text('held') });
  });

  it('aborts what is still running after the grace period', async () => {
    const { client, served } = setup();
    await client.request('initialize', initialize);
    const pending = client.request('tools/call', { name: 'wait' }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await served.shutdown(20);
    const outcome = await pending;
    expect(outcome).not.toBeInstanceOf(RpcError);
    expect(served.session.state.inFlight.size).toBe(0);
  });
});
