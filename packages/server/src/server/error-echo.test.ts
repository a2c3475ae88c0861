import { describe, expect, it } from 'vitest';
import { text } from '../results/index.js';
import { createTestClient, mcpErrorOf } from '../testing/index.js';
import { createServer } from './mcp-server.js';

const HUGE = 'x'.repeat(200_000);
/** An error answer to a 200 KB name stays small: the name is cut, not echoed whole. */
const MAX_ANSWER = 1024;

function server() {
  const definition = createServer({ name: 'echo', version: '1.0.0' });
  definition.tool({ name: 'echo', inputSchema: { type: 'object' } }, () => text('e'));
  definition.resource({ uri: 'test://a', name: 'a' }, (uri) => ({ contents: [{ uri, text: 'a' }] }));
  definition.prompt({ name: 'p' }, () => ({ messages: [] }), { complete: { x: () => [] } });
  return definition;
}

const requests: Array<[string, Record<string, unknown>]> = [
  [HUGE, {}],
  ['tools/call', { name: HUGE }],
  ['prompts/get', { name: HUGE }],
  ['prompts/get', { name: 'p', arguments: { [HUGE]: 1 } }],
  ['resources/read', { uri: HUGE }],
  ['completion/complete', { ref: { type: 'ref/prompt', name: HUGE }, argument: { name: 'x', value: '' } }],
  ['completion/complete', { ref: { type: 'ref/resource', uri: HUGE }, argument: { name: 'x', value: '' } }],
];

describe('error answers do not echo a huge peer string whole (issue 8, fuzz finding)', () => {
  for (const era of ['legacy', 'modern'] as const) {
    it(`${era}: unknown method, tool, prompt, argument, URI and template names are cut`, async () => {
      const client = createTestClient(server(), { era });
      if (era === 'legacy') await client.initialize();
      for (const [method, params] of requests) {
        const error = await mcpErrorOf(client.request(method, params));
        expect([method.slice(0, 20), JSON.stringify(error).length < MAX_ANSWER]).toEqual([
          method.slice(0, 20),
          true,
        ]);
      }
    });
  }

  it('modern: an unsupported protocol version is cut in the message and in data.requested', async () => {
    const client = createTestClient(server(), { era: 'modern', protocolVersion: HUGE });
    const error = await mcpErrorOf(client.request('tools/list'));
    expect(error.code).toBe(-32022);
    expect(JSON.stringify(error).length).toBeLessThan(MAX_ANSWER);
  });

  it('short names are still echoed as they are', async () => {
    const client = createTestClient(server());
    await client.initialize();
    expect((await mcpErrorOf(client.request('nope/nope'))).message).toBe('Method not found: nope/nope');
    expect((await mcpErrorOf(client.callTool('missing'))).message).toBe('Unknown tool: missing');
    const notFound = await mcpErrorOf(client.request('resources/read', { uri: 'test://none' }));
    expect([notFound.message, notFound.data]).toEqual([
      'Resource not found: test://none',
      { uri: 'test://none' },
    ]);
  });
});
