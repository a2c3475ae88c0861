import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../../cli/cli.js';
import { run as runServe, type ServeResult } from '../../commands/gateway-serve.js';
import { fakeIo } from '../../test-support/fake-io.js';
import { AdminClient } from '../admin-client.js';
import type { OperationDraft } from '../admin-types.js';

/**
 * A real gateway for the operator commands' tests: `gateway serve` on PGlite in a temporary
 * directory and a free loopback port, seeded through its admin API with workspace `default`,
 * operations `latest-rate` (GET /v1/latest) and `place-order` (POST /v1/orders), both
 * published, and agent `rates` publishing `latest-rate`; and the CLI run in-process against it.
 * @module
 */

export interface TestGateway {
  /** `http://127.0.0.1:<port>`, what `--url` takes. */
  origin: string;
  adminUrl: string;
  /** The first admin key, which serve made for the new database. */
  adminKey: string;
  /** An `mcp_client` key of `default/rates`. */
  mcpKey: string;
  client: AdminClient;
  stop(): Promise<void>;
}

const UPSTREAM = 'https://api.example.com';

export function operationDraft(name: string, method: string, path: string): OperationDraft {
  return {
    name,
    title: name,
    description: `The ${name} call of the test API.`,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    binding: { method, baseUrl: UPSTREAM, path },
  };
}

export async function startTestGateway(): Promise<TestGateway> {
  const dir = await mkdtemp(join(tmpdir(), 'mcpforge-admin-'));
  const io = fakeIo();
  const { result, stopped } = await runServe(
    ['--data-dir', join(dir, 'data'), '--listen', '127.0.0.1:0'],
    io,
  );
  const served = result as ServeResult;
  const stop = async () => {
    io.controller.abort();
    await stopped;
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const adminKey = served.adminKey as string;
    const client = new AdminClient({ baseUrl: served.adminUrl, adminKey });
    await client.createWorkspace('default');
    await client.request('POST', '/workspaces/default/upstream-hosts', {
      what: 'allowing the test upstream',
      body: { hostPattern: new URL(UPSTREAM).host },
    });
    await client.createOperation(
      'default',
      'latest-rate',
      operationDraft('latest_rate', 'GET', '/v1/latest'),
    );
    await client.publishOperation('default', 'latest-rate');
    await client.createOperation(
      'default',
      'place-order',
      operationDraft('place_order', 'POST', '/v1/orders'),
    );
    await client.publishOperation('default', 'place-order');
    await client.createAgent('default', 'rates', { operations: ['latest-rate'] });
    await client.publishAgent('default', 'rates');
    const mcp = await client.createKey({
      type: 'mcp_client',
      name: 'test',
      workspace: 'default',
      agent: 'rates',
    });
    return { origin: served.url, adminUrl: served.adminUrl, adminKey, mcpKey: mcp.value, client, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The progress lines (stderr in the real CLI). */
  progress: string[];
}

/** `mcpforge <argv>` in this process with `env`. */
export async function runCli(argv: readonly string[], env: Record<string, string> = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io = fakeIo(env);
  const code = await cli(argv, io, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr, progress: io.lines };
}

/** The one JSON line of a `--json` run. */
// biome-ignore lint/suspicious/noExplicitAny: a test reads the fields it expects of it
export function jsonOf(run: CliRun): any {
  const lines = run.stdout.trim().split('\n');
  if (lines.length !== 1) throw new Error(`expected one JSON line, got: ${run.stdout}`);
  return JSON.parse(lines[0] as string);
}

/** One 2026-07-28 `tools/call` (no session needed), its result. */
export async function callTool(url: string, key: string, name: string, args: Record<string, unknown>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': name,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name,
        arguments: args,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });
  const text = await response.text();
  const json = text.startsWith('{') ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? text);
  return JSON.parse(json).result as { isError?: boolean; structuredContent?: Record<string, unknown> };
}
