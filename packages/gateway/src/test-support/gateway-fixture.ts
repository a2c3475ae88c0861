import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { publishAgent } from '../catalog/agent-versions-table.js';
import { createAgent } from '../catalog/agents-table.js';
import { publishOperation } from '../catalog/operation-versions-table.js';
import { createOperation } from '../catalog/operations-table.js';
import { putUpstreamHost } from '../catalog/upstream-hosts-table.js';
import { type CreateGatewayOptions, createGateway, type Gateway } from '../http/gateway.js';
import { createKey } from '../keys/api-keys-table.js';
import type { Database } from '../store/database.js';
import { frankfurterDraft, seedWorkspace, uniqueSlug } from './catalog-fixtures.js';
import type { TestUpstream } from './upstream-server.js';

/**
 * A gateway on a real port for endpoint tests, and the seed's demo agent behind it: workspace,
 * the `frankfurter_latest_rate` operation bound to a test upstream, an agent and its key.
 * @module
 */

/** The seed's demo agent, published. */
export interface SeededAgent {
  workspace: string;
  agent: string;
  /** `/mcp/v1/{workspace}/{agent}`. */
  path: string;
  /** The `mcp_client` key's value and id. */
  key: string;
  keyId: string;
}

/** Publishes `frankfurter_latest_rate` against `upstream` in a new workspace, an agent exposing it, and a key. */
export async function seedAgent(
  db: Database,
  upstream: TestUpstream,
  prefix = '/mcp',
  binding: Record<string, unknown> = {},
): Promise<SeededAgent> {
  const workspace = await seedWorkspace(db, 'gw');
  await putUpstreamHost(db, workspace, { hostPattern: `127.0.0.1:${upstream.port}`, allowLoopback: true });
  const draft = frankfurterDraft();
  draft['binding'] = { ...(draft['binding'] as object), baseUrl: upstream.origin, ...binding };
  await createOperation(db, workspace, { slug: 'latest-rate', draft });
  await publishOperation(db, workspace, 'latest-rate');
  const agent = uniqueSlug('rates');
  await createAgent(db, workspace, { slug: agent, draft: { operations: ['latest-rate'] } });
  await publishAgent(db, workspace, agent);
  const created = await createKey(db, { type: 'mcp_client', name: 'test client', workspace, agent });
  return {
    workspace,
    agent,
    path: `${prefix}/v1/${workspace}/${agent}`,
    key: created.value,
    keyId: created.key.id,
  };
}

/** A gateway listening on 127.0.0.1 (an ephemeral port). */
export interface ListeningGateway {
  gateway: Gateway;
  origin: string;
  close(): Promise<void>;
}

/** Starts a gateway on `db` behind a `node:http` server. */
export async function listenGateway(
  db: Database,
  options: Omit<CreateGatewayOptions, 'db'> = {},
): Promise<ListeningGateway> {
  const gateway = await createGateway({ db, ...options });
  const server: Server = createServer(gateway.node);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    gateway,
    origin: `http://127.0.0.1:${port}`,
    async close() {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      await gateway.close();
      server.closeAllConnections();
      await stopped;
    },
  };
}

/** The modern protocol version of the tests. */
export const MODERN_VERSION = '2026-07-28';
/** The legacy version of the seed's curl examples. */
export const LEGACY_VERSION = '2025-06-18';

/** An answer as a test reads it: status, headers and the JSON body (or the raw text). */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read JSON-RPC answers by path
  body: any;
}

/** POSTs one JSON-RPC message to `url`, as the seed's curl lines do. */
export async function postJson(
  url: string,
  message: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(message),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, text, body };
}

/** A legacy (2025-06-18) client of one endpoint with one key: handshake, then requests in its session. */
export class LegacyClient {
  readonly url: string;
  key: string;
  sessionId: string | undefined;
  #nextId = 1;

  constructor(url: string, key: string) {
    this.url = url;
    this.key = key;
  }

  headers(): Record<string, string> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.key}` };
    if (this.sessionId !== undefined) {
      headers['mcp-session-id'] = this.sessionId;
      headers['mcp-protocol-version'] = LEGACY_VERSION;
    }
    return headers;
  }

  async initialize(): Promise<Answer> {
    const answer = await this.request('initialize', {
      protocolVersion: LEGACY_VERSION,
      capabilities: {},
      clientInfo: { name: 'curl', version: '1.0.0' },
    });
    this.sessionId = answer.headers.get('mcp-session-id') ?? undefined;
    return answer;
  }

  /** `initialize`, then `notifications/initialized`. */
  async connect(): Promise<void> {
    const init = await this.initialize();
    if (init.status !== 200) throw new Error(`initialize answered ${init.status}: ${init.text}`);
    await this.notify('notifications/initialized');
  }

  request(method: string, params: unknown = {}): Promise<Answer> {
    return postJson(this.url, { jsonrpc: '2.0', id: this.#nextId++, method, params }, this.headers());
  }

  notify(method: string): Promise<Answer> {
    return postJson(this.url, { jsonrpc: '2.0', method }, this.headers());
  }
}

/** A modern (stateless) request to `url` with `key`. */
export function modernRequest(
  url: string,
  key: string,
  method: string,
  params: Record<string, unknown> = {},
  name?: string,
): Promise<Answer> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${key}`,
    'mcp-protocol-version': MODERN_VERSION,
    'mcp-method': method,
  };
  if (name !== undefined) headers['mcp-name'] = name;
  const meta = {
    'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  return postJson(url, { jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: meta } }, headers);
}

/** An answer like the Frankfurter API's `GET /v1/latest?base=USD&symbols=EUR`. */
export const RATES_ANSWER = { amount: 1, base: 'USD', date: '2026-12-01', rates: { EUR: 0.92 } };
