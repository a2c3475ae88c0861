import { createTestClient, type TestClient } from '@mcpforge/server/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { Library } from '../domain/library.js';
import { LibraryServer } from '../server.js';

describe('library.read', () => {
  let client: TestClient;

  beforeEach(async () => {
    client = createTestClient(new LibraryServer(new Library(), { role: 'reader' }).server);
    await client.initialize();
  });

  function text(result: { content: Array<{ type: string; text?: string }> }): string {
    const [block] = result.content;
    return block?.type === 'text' ? (block.text ?? '') : '';
  }

  it('reads a document by its stable id', async () => {
    const result = await client.callTool('library.read', { id: 'clock-repair' });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({
      document: {
        id: 'clock-repair',
        title: 'The Patience of Clock Repair',
        author: 'Mara Kovalenko',
        text: expect.stringContaining('escapement'),
      },
    });
    expect(JSON.parse(text(result))).toEqual(result.structuredContent);
  });

  it('reads what search found', async () => {
    const search = await client.callTool('library.search', { query: 'honey queen cluster', limit: 1 });
    const [hit] = (search.structuredContent as { results: Array<{ id: string }> }).results;
    const read = await client.callTool('library.read', { id: hit?.id });
    expect((read.structuredContent as { document: { id: string } }).document.id).toBe('honeybee-winter');
  });

  it('answers an unknown id with a domain error', async () => {
    const result = await client.callTool('library.read', { id: 'no-such-document' });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe("no document with id 'no-such-document'");
  });

  it('answers a private id exactly like an unknown one', async () => {
    const result = await client.callTool('library.read', { id: 'editor-notes-spring' });
    expect(result).toEqual({
      content: [{ type: 'text', text: "no document with id 'editor-notes-spring'" }],
      isError: true,
    });
  });

  it.each([
    ['a relative path', { id: '../../etc/passwd' }],
    ['a file name', { id: 'tea-brewing.md' }],
    ['an absolute path', { id: '/tea-brewing' }],
    ['upper case', { id: 'Tea-Brewing' }],
    ['an extra path argument', { id: 'tea-brewing', path: 'corpus/tea.md' }],
    ['an over-long id', { id: 'a'.repeat(81) }],
  ])('rejects %s before reading anything', async (_case, args) => {
    const result = await client.callTool('library.read', args);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(text(result)).toMatch(/argument/);
  });
});
