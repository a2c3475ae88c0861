import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { text } from '../results/index.js';
import { s } from '../schema/index.js';
import { createTestClient } from '../testing/index.js';
import { createServer } from './mcp-server.js';

const KNOWN_CODES = new Set([-32700, -32600, -32601, -32602, -32603, -32002, -32021, -32022]);
const methods = fc.constantFrom(
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'resources/read',
  'resources/list',
  'prompts/get',
  'completion/complete',
  'logging/setLevel',
  'subscriptions/listen',
  'server/discover',
  'notifications/cancelled',
  'x/unknown',
);
const meta = fc.oneof(
  fc.constant(undefined),
  fc.record({
    'io.modelcontextprotocol/protocolVersion': fc.oneof(fc.constant('2026-07-28'), fc.string(), fc.integer()),
    'io.modelcontextprotocol/clientCapabilities': fc.oneof(fc.constant({}), fc.anything()),
  }),
);
const message = fc.oneof(
  fc.anything(),
  fc.record(
    {
      jsonrpc: fc.oneof(fc.constant('2.0'), fc.anything()),
      id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.double()),
      method: fc.oneof(methods, fc.anything()),
      params: fc.oneof(
        fc.anything(),
        fc.record(
          {
            name: fc.oneof(fc.constant('echo'), fc.anything()),
            arguments: fc.anything(),
            uri: fc.anything(),
            cursor: fc.anything(),
            _meta: meta,
          },
          { requiredKeys: [] },
        ),
      ),
    },
    { requiredKeys: [] },
  ),
);

describe('dispatch never throws', () => {
  it('answers any input with nothing or a well-formed response with a known code', async () => {
    const server = createServer({ name: 'fuzz', version: '1.0.0' });
    server.tool({ name: 'echo', inputSchema: s.object({ text: s.string() }) }, (args) => text(args.text));
    server.resource({ uri: 'a://b', name: 'b' }, (uri) => ({ contents: [{ uri, text: 'b' }] }));
    server.prompt({ name: 'p', arguments: [{ name: 'x', required: true }] }, () => ({ messages: [] }));
    const client = createTestClient(server);
    await client.initialize();
    await fc.assert(
      fc.asyncProperty(message, async (input) => {
        const pending = server.handle(input as never, client.session);
        // a valid listen only ends when cancelled
        server.endSubscriptions(client.session);
        const response = await pending;
        if (response === undefined) return;
        expect(response.jsonrpc).toBe('2.0');
        if ('error' in response) {
          expect(KNOWN_CODES.has(response.error.code)).toBe(true);
          expect(typeof response.error.message).toBe('string');
        } else {
          expect(response.result).toBeTypeOf('object');
        }
      }),
      { numRuns: 2000 },
    );
    expect(client.session.state.inFlight.size).toBe(0);
  });
});
