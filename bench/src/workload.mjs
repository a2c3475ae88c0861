/**
 * The workload every implementation serves, defined once so each server and the
 * drivers agree byte for byte: an `echo {text}` tool, filler tools for the
 * `tools/list` and start-up measurements, and pre-serialised request lines.
 */

export const LEGACY_VERSION = '2025-11-25';
export const MODERN_VERSION = '2026-07-28';
export const ECHO_TEXT = 'hello';

/** JSON Schema of the echo tool's arguments. */
export const ECHO_SCHEMA = Object.freeze({
  type: 'object',
  properties: { text: { type: 'string' } },
  required: ['text'],
  additionalProperties: false,
});

/** A filler tool shaped like a typical catalog tool (three arguments, descriptions). */
export function fillerTool(index) {
  const name = `tool_${String(index).padStart(4, '0')}`;
  return {
    name,
    description: `Searches catalog partition ${index} and returns the matching records as text.`,
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What to look for' },
        limit: { type: 'integer', minimum: 1, maximum: 100, description: 'Most records returned' },
        includeArchived: { type: 'boolean', description: 'Also search archived records' },
      },
      required: ['query'],
      additionalProperties: false,
    },
  };
}

/** A typical tool argument schema for the validation measurement. */
export const TYPICAL_SCHEMA = Object.freeze({
  type: 'object',
  properties: {
    query: { type: 'string', minLength: 1, maxLength: 200 },
    limit: { type: 'integer', minimum: 1, maximum: 100 },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 10 },
    mode: { enum: ['fast', 'exact'] },
    verbose: { type: 'boolean' },
  },
  required: ['query'],
  additionalProperties: false,
});
export const TYPICAL_ARGS = Object.freeze({
  query: 'forge benchmark',
  limit: 20,
  tags: ['alpha', 'beta'],
  mode: 'fast',
  verbose: false,
});
export const TYPICAL_BAD_ARGS = Object.freeze({ query: '', limit: '20', extra: true });

/** Number of filler tools a server registers (beside `echo`), from `BENCH_TOOLS`. */
export function fillerCount(env = process.env) {
  const count = Number(env.BENCH_TOOLS ?? 0);
  return Number.isInteger(count) && count > 0 ? count : 0;
}

/** Whether the server adds the `heap` probe (a tool on stdio, `GET /__heap` on HTTP). */
export function heapProbeEnabled(env = process.env) {
  return env.BENCH_HEAP === '1';
}

/** `process.memoryUsage()` after a full GC (the child runs with `--expose-gc`). */
export function measureHeap() {
  globalThis.gc?.();
  globalThis.gc?.();
  const usage = process.memoryUsage();
  return { heapUsed: usage.heapUsed, rss: usage.rss, external: usage.external };
}

const MODERN_META = JSON.stringify({
  'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'mcpforge-bench', version: '1.0.0' },
});

/** The `initialize` request of a 2025-11-25 client. */
export function initializeLine(id = 0) {
  return `{"jsonrpc":"2.0","id":${id},"method":"initialize","params":{"protocolVersion":"${LEGACY_VERSION}","capabilities":{},"clientInfo":{"name":"mcpforge-bench","version":"1.0.0"}}}`;
}

export const INITIALIZED_LINE = '{"jsonrpc":"2.0","method":"notifications/initialized"}';

/**
 * A request line split around its id, so a driver builds each request with two string
 * concatenations: `prefix + id + suffix`.
 */
export function echoCallParts(era) {
  const meta = era === 'modern' ? `,"_meta":${MODERN_META}` : '';
  return {
    prefix: '{"jsonrpc":"2.0","id":',
    suffix: `,"method":"tools/call","params":{"name":"echo","arguments":{"text":"${ECHO_TEXT}"}${meta}}}`,
  };
}

export function listToolsParts(era) {
  const meta = era === 'modern' ? `{"_meta":${MODERN_META}}` : '{}';
  return { prefix: '{"jsonrpc":"2.0","id":', suffix: `,"method":"tools/list","params":${meta}}` };
}

export function heapCallLine(id) {
  return `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"heap","arguments":{}}}`;
}
