import { LATEST_MODERN_PROTOCOL_VERSION } from '@mcpforge/server';
import { headerValue } from './header-value.js';
import { BodyTooLargeError, readCapped, sseData } from './sse-reader.js';
import { describeOutcome, type McpTransport, type RpcOutcome, type SendOptions } from './transport.js';

/** Largest answer read from the server. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * One Streamable HTTP session with the server at `url`: `initialize` starts it (its
 * `Mcp-Session-Id` and version are sent after), modern requests carry their routing headers.
 * `headers` (e.g. `Authorization`) go on every request.
 */
export function httpTransport(url: string, headers: Readonly<Record<string, string>>): McpTransport {
  let sessionId: string | undefined;
  let legacyVersion: string | undefined;
  let nextId = 1;
  const problems: string[] = [];
  const controllers = new Set<AbortController>();

  function requestHeaders(method: string, options: SendOptions): Record<string, string> {
    const all: Record<string, string> = {
      ...headers,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    if (options.era === 'modern') {
      all['mcp-protocol-version'] = LATEST_MODERN_PROTOCOL_VERSION;
      all['mcp-method'] = method;
      if (options.name !== undefined) all['mcp-name'] = headerValue(options.name);
      for (const [name, value] of Object.entries(options.headerParams ?? {})) {
        all[`mcp-param-${name.toLowerCase()}`] = headerValue(value);
      }
    } else {
      if (sessionId !== undefined) all['mcp-session-id'] = sessionId;
      if (legacyVersion !== undefined) all['mcp-protocol-version'] = legacyVersion;
    }
    return all;
  }

  async function post(
    method: string,
    body: object,
    options: SendOptions,
    id: number | undefined,
  ): Promise<RpcOutcome | 'accepted'> {
    const controller = new AbortController();
    controllers.add(controller);
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: requestHeaders(method, options),
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      if (method === 'initialize') sessionId = response.headers.get('mcp-session-id') ?? undefined;
      if (response.status === 202 && id === undefined) {
        await response.body?.cancel();
        return 'accepted';
      }
      return await readAnswer(response, id);
    } catch (error) {
      if (controller.signal.aborted) return { kind: 'timeout', timeoutMs: options.timeoutMs };
      if (error instanceof BodyTooLargeError) return { kind: 'failed', reason: error.message };
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const unreachable = cause?.code !== undefined && UNREACHABLE.has(cause.code);
      return {
        kind: 'failed',
        reason: unreachable
          ? `nothing answers at ${url} (${cause?.code})`
          : `the request to ${url} failed: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
        ...(unreachable ? { unreachable } : {}),
      };
    } finally {
      clearTimeout(timer);
      controllers.delete(controller);
    }
  }

  return {
    async request(method, params, options) {
      const id = nextId++;
      const outcome = await post(method, { jsonrpc: '2.0', id, method, params }, options, id);
      if (outcome === 'accepted') return { kind: 'failed', reason: 'the server answered a request with 202' };
      if (method === 'initialize' && outcome.kind === 'result') {
        const version = (outcome.result as { protocolVersion?: unknown } | null)?.protocolVersion;
        if (typeof version === 'string') legacyVersion = version;
      }
      return outcome;
    },
    async notify(method, params, options) {
      const outcome = await post(method, { jsonrpc: '2.0', method, params }, options, undefined);
      if (outcome === 'accepted') return undefined;
      if (outcome.kind === 'failed' || outcome.kind === 'timeout') return describeOutcome(outcome);
      problems.push(`${method} was answered with a body instead of 202 Accepted`);
      return undefined;
    },
    problems: () => problems,
    async close() {
      for (const controller of controllers) controller.abort();
      if (sessionId === undefined) return;
      const ending = sessionId;
      sessionId = undefined;
      // Ending the session is a courtesy; a server may answer 405.
      await fetch(url, {
        method: 'DELETE',
        headers: { ...headers, 'mcp-session-id': ending },
        signal: AbortSignal.timeout(2000),
      })
        .then((response) => response.body?.cancel())
        .catch(() => undefined);
    },
  };
}

/** Connection errors that mean no server at the address, not a server that failed. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** The JSON-RPC response to `id` in a JSON or SSE answer; a non-2xx status without one is a failure. */
async function readAnswer(response: Response, id: number | undefined): Promise<RpcOutcome> {
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  const status = `HTTP ${response.status}`;
  if (response.status === 401 || response.status === 403) {
    const said = (await readCapped(response.body, MAX_BODY_BYTES).catch(() => '')).trim().slice(0, 160);
    return { kind: 'failed', reason: `${status}${said === '' ? '' : `: ${said}`}`, status: response.status };
  }
  if (type.startsWith('text/event-stream') && response.body !== null) {
    for await (const data of sseData(response.body, MAX_BODY_BYTES)) {
      const outcome = responseTo(parse(data), id);
      if (outcome !== undefined) {
        await response.body.cancel().catch(() => undefined);
        return outcome;
      }
    }
    return { kind: 'failed', reason: `${status}: the event stream ended without the response` };
  }
  const text = await readCapped(response.body, MAX_BODY_BYTES);
  const outcome = responseTo(parse(text), id);
  if (outcome !== undefined) return outcome;
  const excerpt = text.trim().slice(0, 160);
  const hint = response.status === 401 || response.status === 403 ? ' (give credentials with --header)' : '';
  return { kind: 'failed', reason: `${status}${hint}${excerpt === '' ? '' : `: ${excerpt}`}` };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The outcome if `message` is the response to `id` (or an error with a null id). */
function responseTo(message: unknown, id: number | undefined): RpcOutcome | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const record = message as Record<string, unknown>;
  if (record['id'] !== id && record['id'] !== null) return undefined;
  if ('result' in record) return { kind: 'result', result: record['result'] };
  const error = record['error'];
  if (typeof error === 'object' && error !== null) {
    const { code, message: text, data } = error as Record<string, unknown>;
    return {
      kind: 'error',
      code: typeof code === 'number' ? code : Number.NaN,
      message: typeof text === 'string' ? text : '',
      ...(data === undefined ? {} : { data }),
    };
  }
  return undefined;
}
