import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.js';
import type { RunOptions } from '../process/run.js';
import { text } from '../results/index.js';
import type { StdioOptions } from '../stdio/serve-stdio.js';
import { createTestClient } from '../testing/index.js';
import { createServer } from './mcp-server.js';

// Values read from the environment are `string | undefined`; under exactOptionalPropertyTypes the
// options must accept them as they are (this file is part of the root type-check).
const env: Record<string, string | undefined> = { MCPFORGE_TEST_INSTRUCTIONS: 'Be brief.' };

describe('options that come from the environment accept undefined', () => {
  it('createServer: an unset secret and page size fall back to the defaults', async () => {
    const server = createServer({
      name: 'env',
      version: '1.0.0',
      secret: env['MCPFORGE_TEST_SECRET'],
      pageSize: undefined,
      cacheTtlMs: undefined,
      instructions: env['MCPFORGE_TEST_INSTRUCTIONS'],
      title: env['MCPFORGE_TEST_TITLE'],
    });
    for (let index = 0; index < 3; index += 1)
      server.tool({ name: `t${index}`, inputSchema: { type: 'object' } }, () => text('x'));
    const client = createTestClient(server);
    const init = await client.initialize();
    expect(init['instructions']).toBe('Be brief.');
    expect(init['serverInfo']).toEqual({ name: 'env', version: '1.0.0' });
    const listed = await client.listTools();
    expect(listed.tools).toHaveLength(3);
    expect(listed.nextCursor).toBeUndefined();
  });

  it('definitions, results and test-client options take undefined too (one optional style)', async () => {
    const server = createServer({ name: 'env', version: '1.0.0' });
    server.tool(
      {
        name: 'described',
        title: env['MCPFORGE_TEST_TITLE'],
        description: env['MCPFORGE_TEST_INSTRUCTIONS'],
        inputSchema: { type: 'object' },
        annotations: { readOnlyHint: undefined, title: env['MCPFORGE_TEST_TITLE'] },
      },
      () => ({
        content: [{ type: 'text', text: 'x', annotations: { priority: undefined } }],
        isError: undefined,
      }),
    );
    server.resource({ uri: 'test://a', name: 'a', mimeType: env['MCPFORGE_TEST_MIME'] }, (uri) => ({
      contents: [{ uri, text: 'a', mimeType: undefined }],
      ttlMs: undefined,
    }));
    const client = createTestClient(server, {
      protocolVersion: env['MCPFORGE_TEST_VERSION'],
      era: undefined,
    });
    await client.initialize();
    expect((await client.listTools()).tools[0]).toEqual({
      name: 'described',
      description: 'Be brief.',
      inputSchema: { type: 'object' },
      annotations: {},
    });
    expect(await client.callTool('described', {}, { id: undefined, meta: undefined })).toEqual({
      content: [{ type: 'text', text: 'x', annotations: {} }],
    });
  });

  it('run and loadConfig options take undefined too', async () => {
    const runOptions: RunOptions = { graceMs: undefined, name: env['MCPFORGE_TEST_NAME'], argv: undefined };
    const stdio: StdioOptions = { maxMessageBytes: undefined, closeGraceMs: undefined };
    expect({ ...runOptions, stdio }).toMatchObject({
      graceMs: undefined,
      stdio: { closeGraceMs: undefined },
    });
    await expect(
      loadConfig({
        serverName: 'none',
        argv: [],
        env: { MCPFORGE_TENANT_CONFIG: undefined },
        compiler: undefined,
        schema: { type: 'object' },
      }),
    ).rejects.toMatchObject({ code: 'ERR_CONFIG_NOT_FOUND' });
  });
});
