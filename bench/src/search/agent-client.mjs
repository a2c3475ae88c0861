/**
 * An agent endpoint seen through the official MCP SDK client (v1, Streamable HTTP, with the
 * key as a bearer token): `tools/list`, and `search_tools` answers read as the gateway writes
 * them (structured content `{ tools, catalog_revision }`, the same JSON as text). While
 * `measure` runs, the HTTP body bytes of each POST answer are counted as they arrive, so the
 * exchange's size is what a client really received, not an estimate.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const CLIENT_MODULE = createRequire(import.meta.url).resolve('@modelcontextprotocol/sdk/client/index.js');
/** The SDK's version, from its package.json (its exports map hides the file from require). */
export const SDK_VERSION = JSON.parse(
  readFileSync(`${CLIENT_MODULE.slice(0, CLIENT_MODULE.lastIndexOf('/dist/'))}/package.json`, 'utf8'),
).version;

// No reconnection: a failure must surface now, not be retried in the background.
const RECONNECTION = {
  maxRetries: 0,
  initialReconnectionDelay: 1,
  maxReconnectionDelay: 1,
  reconnectionDelayGrowFactor: 1,
};

/** A fetch that, while `counting` is set, counts the body bytes of POST answers. */
function countingFetch() {
  const state = { counting: false, bytes: [] };
  const wrapped = async (input, init) => {
    const response = await fetch(input, init);
    if (!state.counting || init?.method !== 'POST' || response.body === null) return response;
    const [kept, counted] = response.body.tee();
    state.bytes.push(
      (async () => {
        let total = 0;
        for await (const chunk of counted) total += chunk.byteLength;
        return total;
      })(),
    );
    return new Response(kept, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return { state, fetch: wrapped };
}

/** The tools of a `search_tools` result, from its structured content or else its text. */
export function searchAnswer(result) {
  if (result.isError) {
    throw new Error(`search_tools answered an error: ${JSON.stringify(result.content).slice(0, 300)}`);
  }
  const structured = result.structuredContent ?? JSON.parse(result.content?.[0]?.text ?? 'null');
  if (!Array.isArray(structured?.tools)) throw new Error('search_tools answered no tools array');
  return { tools: structured.tools, revision: structured.catalog_revision };
}

/** Connects to the agent endpoint at `url` with `key`. */
export async function connectAgentClient(url, key) {
  const counter = countingFetch();
  const transport = new StreamableHTTPClientTransport(url, {
    reconnectionOptions: RECONNECTION,
    requestInit: { headers: { authorization: `Bearer ${key}` } },
    fetch: counter.fetch,
  });
  const client = new Client({ name: 'mcpforge-bench-search', version: '0.1.0' });
  await client.connect(transport);
  return {
    /** Tool names `tools/list` shows. */
    async listToolNames() {
      const { tools } = await client.listTools();
      return tools.map((tool) => tool.name);
    },
    /** The names `search_tools` returns for `query`, best first. */
    async search(query, limit) {
      const result = await client.callTool({ name: 'search_tools', arguments: { query, limit } });
      return searchAnswer(result).tools.map((tool) => tool.name);
    },
    /**
     * Runs `exchange` (calls on this client) and returns its value with the body bytes of each
     * POST answer received meanwhile, in order.
     */
    async measure(exchange) {
      counter.state.counting = true;
      counter.state.bytes = [];
      try {
        const value = await exchange(this);
        return { value, bytes: await Promise.all(counter.state.bytes) };
      } finally {
        counter.state.counting = false;
      }
    },
    /** The raw `search_tools` result (for sizes and revisions). */
    async searchResult(query, limit) {
      return searchAnswer(await client.callTool({ name: 'search_tools', arguments: { query, limit } }));
    },
    async close() {
      await transport.terminateSession().catch(() => undefined);
      await client.close();
    },
  };
}
