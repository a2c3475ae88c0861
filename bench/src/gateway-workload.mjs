/**
 * The gateway suite's workload, defined once for the upstream, the gateway's seed and the
 * drivers: the demo's rates operation (`frankfurter_latest_rate`, `{ base, quote }` →
 * `GET /v1/latest?base=USD&symbols=EUR`) and its pre-serialised requests.
 */
import { LEGACY_VERSION, MODERN_VERSION } from './workload.mjs';

/** Units of each currency per euro: a fixed table (the demo's). */
export const RATES_PER_EUR = Object.freeze({ EUR: 1, USD: 1.087, GBP: 0.846, JPY: 162.4, CHF: 0.953 });
export const RATES_DATE = '2026-12-01';

export const TOOL = 'frankfurter_latest_rate';
export const WORKSPACE = 'default';
export const AGENT = 'currency-rates';
export const OPERATION = 'frankfurter-latest-rate';
/** The agent's MCP endpoint under the gateway's default prefix. */
export const GATEWAY_PATH = `/mcp/v1/${WORKSPACE}/${AGENT}`;
/** The direct REST request the floor makes, and what the upstream answers to it. */
export const REST_PATH = '/v1/latest?base=USD&symbols=EUR';
/** The USD→EUR rate as it appears in every answer (the upstream's JSON, or the text of it). */
export const RATE_TEXT = String(Number((RATES_PER_EUR.EUR / RATES_PER_EUR.USD).toPrecision(5)));

/**
 * The bare proxy's undici `Pool` settings: the gateway's defaults (`DEFAULT_CONNECTIONS_PER_ORIGIN`,
 * `DEFAULT_KEEP_ALIVE_TIMEOUT_MS`, `DEFAULT_CONNECT_TIMEOUT_MS`; a test keeps them equal).
 */
export const PROXY_POOL_SETTINGS = Object.freeze({
  connections: 64,
  keepAliveTimeout: 4_000,
  connectTimeout: 5_000,
});

const CURRENCY = { type: 'string', pattern: '^[A-Z]{3}$', minLength: 3, maxLength: 3 };

/** The operation's draft, as the demo seeds it: `GET {upstream}/v1/latest?base=..&symbols=..`. */
export function operationDraft(upstreamUrl) {
  return {
    name: TOOL,
    title: 'Latest exchange rate',
    description: 'Latest exchange rate between two currencies (ISO 4217 codes such as USD and EUR).',
    inputSchema: {
      type: 'object',
      properties: {
        base: { ...CURRENCY, description: 'Currency to convert from, e.g. USD' },
        quote: { ...CURRENCY, description: 'Currency to convert to, e.g. EUR' },
      },
      required: ['base', 'quote'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: true },
    binding: {
      method: 'GET',
      baseUrl: upstreamUrl,
      path: '/v1/latest',
      arguments: { base: { in: 'query' }, quote: { in: 'query', name: 'symbols' } },
    },
  };
}

const MODERN_META = JSON.stringify({
  'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'mcpforge-bench', version: '1.0.0' },
});

/**
 * A `tools/call` of `tool` split around its id (`prefix + id + suffix`). The gateway's tool
 * takes `{ base, quote }`; the REST-to-MCP servers name the arguments after the OpenAPI
 * document's query parameters, `{ base, symbols }`.
 */
export function rateCallParts({ era = 'legacy', tool = TOOL, args = { base: 'USD', quote: 'EUR' } } = {}) {
  const meta = era === 'modern' ? `,"_meta":${MODERN_META}` : '';
  return {
    prefix: '{"jsonrpc":"2.0","id":',
    suffix: `,"method":"tools/call","params":{"name":"${tool}","arguments":${JSON.stringify(args)}${meta}}}`,
  };
}

export { LEGACY_VERSION, MODERN_VERSION };
