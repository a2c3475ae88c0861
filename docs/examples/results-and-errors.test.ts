import { type InternalErrorReport, McpError } from '@mcpforge/server';
import { createTestClient } from '@mcpforge/server/testing';
import { describe, expect, it } from 'vitest';
import { createBooksServer } from './results-and-errors.js';

async function legacyClient(reports: InternalErrorReport[] = []) {
  const client = createTestClient(createBooksServer((report) => reports.push(report)));
  await client.initialize();
  return client;
}

describe('the result/error contract', () => {
  it('success: structuredContent plus the same JSON as text', async () => {
    const client = await legacyClient();
    expect(await client.callTool('get_book', { id: 'b1' })).toEqual({
      content: [{ type: 'text', text: '{"id":"b1","title":"Dune","available":true}' }],
      structuredContent: { id: 'b1', title: 'Dune', available: true },
    });
  });

  it('domain error: returned toolError and thrown DomainError give the same isError result', async () => {
    const client = await legacyClient();
    const expected = { content: [{ type: 'text', text: "no book with id 'b9'" }], isError: true };
    expect(await client.callTool('get_book', { id: 'b9' })).toEqual(expected);
    expect(await client.callTool('reserve', { id: 'b9' })).toEqual(expected);
  });

  it('invalid arguments: an isError result naming each field and rule', async () => {
    const client = await legacyClient();
    expect(await client.callTool('get_book', { id: 7, extra: true })).toEqual({
      content: [
        {
          type: 'text',
          text: "argument 'extra': is not allowed (additionalProperties); argument 'id': must be string",
        },
      ],
      isError: true,
    });
  });

  it('infrastructure: a thrown McpError keeps its code, message and data', async () => {
    const client = await legacyClient();
    const error = await client.callTool('reserve', { id: 'b1' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({
      code: -32603,
      message: 'reservations are offline',
      data: { retryAfterMs: 30_000 },
    });
  });

  it('infrastructure: an unexpected throw is -32603 with an errorId, the detail only in the report', async () => {
    const reports: InternalErrorReport[] = [];
    const client = await legacyClient(reports);
    const response = await client.send({
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'crash', arguments: {} },
    });
    const errorId = reports[0]?.errorId;
    expect(response).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: { code: -32603, message: 'Internal error', data: { errorId } },
    });
    expect(JSON.stringify(response)).not.toContain('password');
    expect(reports[0]).toMatchObject({ method: 'tools/call', target: 'crash' });
  });

  it('unknown tool and bad params are -32602 in both eras', async () => {
    const legacy = await legacyClient();
    const modern = createTestClient(
      createBooksServer(() => {}),
      { era: 'modern' },
    );
    for (const client of [legacy, modern]) {
      await expect(client.callTool('nope')).rejects.toMatchObject({
        code: -32602,
        message: 'Unknown tool: nope',
      });
      await expect(client.request('tools/call', { name: 'get_book', arguments: [] })).rejects.toMatchObject({
        code: -32602,
      });
    }
  });

  it('modern results add resultType and serverInfo; legacy results do not', async () => {
    const modern = createTestClient(
      createBooksServer(() => {}),
      { era: 'modern' },
    );
    expect(await modern.callTool('get_book', { id: 'b9' })).toEqual({
      content: [{ type: 'text', text: "no book with id 'b9'" }],
      isError: true,
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'books', version: '1.0.0' } },
    });
  });
});
