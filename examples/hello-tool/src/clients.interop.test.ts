import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client as ClientV2, ProtocolError } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, inject, it } from 'vitest';

/**
 * The built hello-tool as real hosts run it: a child process on stdio, driven by the
 * official SDK v1 client (legacy era), the v2 client (modern era, 2026-07-28) and the
 * MCP Inspector CLI.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const main = join(root, 'dist', 'main.js');

interface CallResult {
  content?: Array<{ type: string; text?: string }>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

/** What a test needs from either SDK client. */
interface Session {
  readonly era: string | undefined;
  readonly serverName: string | undefined;
  toolNames(): Promise<string[]>;
  call(name: string, args: Record<string, unknown>): Promise<CallResult>;
  close(): Promise<void>;
}

async function connectV1(): Promise<Session> {
  const client = new ClientV1({ name: 'hello-v1-interop', version: '1.0.0' });
  await client.connect(new StdioV1({ command: process.execPath, args: [main], stderr: 'ignore' }));
  return {
    // The v1 client only speaks the 2025 `initialize` handshake.
    era: 'legacy',
    serverName: client.getServerVersion()?.name,
    toolNames: async () => (await client.listTools()).tools.map((tool) => tool.name),
    call: async (name, args) => (await client.callTool({ name, arguments: args })) as CallResult,
    close: () => client.close(),
  };
}

async function connectV2(mode: 'auto' | { pin: string } = { pin: '2026-07-28' }): Promise<Session> {
  const client = new ClientV2(
    { name: 'hello-v2-interop', version: '2.0.0' },
    { versionNegotiation: { mode } },
  );
  await client.connect(new StdioV2({ command: process.execPath, args: [main], stderr: 'ignore' }));
  return {
    era: client.getProtocolEra(),
    serverName: client.getServerVersion()?.name,
    toolNames: async () => (await client.listTools()).tools.map((tool) => tool.name),
    call: async (name, args) => (await client.callTool({ name, arguments: args })) as CallResult,
    close: () => client.close(),
  };
}

/** The JSON-RPC error code a client surfaced, whichever SDK threw it. */
async function protocolErrorOf(call: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof McpError || error instanceof ProtocolError) {
      return { code: error.code, message: error.message };
    }
    throw error;
  }
  throw new Error('expected a JSON-RPC error, got a result');
}

const clients = [
  { label: 'official SDK v1 client, legacy era', era: 'legacy', connect: () => connectV1() },
  { label: 'official SDK v2 client, modern era 2026-07-28', era: 'modern', connect: () => connectV2() },
] as const;

describe.each(clients)('hello-tool over real stdio: $label', ({ era, connect }) => {
  async function withSession(body: (session: Session) => Promise<void>): Promise<void> {
    const session = await connect();
    try {
      await body(session);
    } finally {
      await session.close();
    }
  }

  it('connects in its era and lists hello and echo', () =>
    withSession(async (session) => {
      expect(session.era).toBe(era);
      expect(session.serverName).toBe('hello-tool');
      expect(await session.toolNames()).toEqual(['hello', 'echo']);
    }));

  it('calls hello and echo', () =>
    withSession(async (session) => {
      const hello = await session.call('hello', {});
      expect(hello.content).toEqual([{ type: 'text', text: 'Hello from mcpforge!' }]);
      expect(hello.isError).toBeUndefined();
      const echo = await session.call('echo', { text: `round trip ${era}` });
      expect(echo.content).toEqual([{ type: 'text', text: `round trip ${era}` }]);
      // Modern results carry the server's identity in `_meta`; legacy ones got it at initialize.
      expect(echo._meta?.['io.modelcontextprotocol/serverInfo']).toEqual(
        era === 'modern' ? { name: 'hello-tool', title: 'Hello tool', version: '0.1.0' } : undefined,
      );
    }));

  it('answers schema violations with an isError result naming the argument', () =>
    withSession(async (session) => {
      expect(await session.call('echo', { text: 5 })).toMatchObject({
        content: [{ type: 'text', text: "argument 'text': must be string" }],
        isError: true,
      });
      expect(await session.call('hello', { name: 'Ada' })).toMatchObject({
        content: [{ type: 'text', text: "argument 'name': is not allowed (additionalProperties)" }],
        isError: true,
      });
    }));

  it('refuses an unknown tool with JSON-RPC -32602 and keeps serving', () =>
    withSession(async (session) => {
      expect(await protocolErrorOf(session.call('goodbye', {}))).toMatchObject({
        code: -32602,
        message: expect.stringContaining('Unknown tool: goodbye'),
      });
      expect((await session.call('hello', {})).content?.[0]?.text).toBe('Hello from mcpforge!');
    }));
});

describe('hello-tool with the v2 client in auto negotiation', () => {
  it('discovers the modern era by itself (server/discover probe on stdio)', async () => {
    const session = await connectV2('auto');
    try {
      expect(session.era).toBe('modern');
      expect((await session.call('hello', {})).content?.[0]?.text).toBe('Hello from mcpforge!');
    } finally {
      await session.close();
    }
  });
});

describe('hello-tool with the MCP Inspector CLI', () => {
  // The Inspector needs Node 22: it runs from tools/node22 on the Node 22 of scripts/node22.mjs.
  const { node: node22, inspector } = inject('node22Tools');
  const scratch = mkdtempSync(join(tmpdir(), 'hello-inspector-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  async function inspect(...args: string[]): Promise<unknown> {
    const { stdout } = await promisify(execFile)(
      node22,
      [inspector, '--cli', process.execPath, main, ...args],
      {
        timeout: 30_000,
        // Keep the Inspector's catalog out of the real home directory.
        env: { ...process.env, HOME: scratch, MCP_CATALOG_PATH: join(scratch, 'mcp.json') },
      },
    );
    return JSON.parse(stdout);
  }

  it('lists the tools (--method tools/list)', async () => {
    const listed = (await inspect('--method', 'tools/list')) as {
      tools: Array<{ name: string; inputSchema: unknown }>;
    };
    expect(listed.tools.map((tool) => tool.name)).toEqual(['hello', 'echo']);
    expect(listed.tools[0]?.inputSchema).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
  });

  it('calls echo with an argument (--method tools/call --tool-name --tool-arg)', async () => {
    expect(
      await inspect('--method', 'tools/call', '--tool-name', 'echo', '--tool-arg', 'text=from the inspector'),
    ).toEqual({ content: [{ type: 'text', text: 'from the inspector' }] });
  });
});
