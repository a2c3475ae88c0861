/**
 * @module
 * A fuzz peer over Streamable HTTP: each message is one POST to the fuzz server's
 * `createHttpHandler` on a node:http listener (in its own process). A message with modern
 * `_meta` goes out with the headers the modern era routes by, derived from its body; anything
 * else goes to one legacy session opened at the start.
 */
import { createInterface } from 'node:readline';
import {
  answerProblems,
  expectationOf,
  integerOrString,
  isServerMessage,
  readableId,
} from './expectations.js';
import {
  ANSWER_TIMEOUT_MS,
  type FuzzPeer,
  HEAP_TOOL,
  type Memory,
  spawnServer,
  within,
} from './fuzz-peer.js';

const MODERN_VERSION = '2026-07-28';
const LEGACY_VERSION = '2025-06-18';
const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';
/** The body member each modern method mirrors in `Mcp-Name`. */
const NAME_FIELD: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/cancel': 'taskId',
};
/** Longer header values are left out (the request is then refused, which is also an answer). */
const MAX_HEADER_CHARS = 4096;

/** What one POST came back with: its status and the JSON-RPC messages of its body. */
interface Answer {
  status: number;
  messages: unknown[];
  /** Body text that is neither empty nor JSON-RPC (JSON or SSE). */
  unreadable?: string;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A header value for `text`: literal when plain printable ASCII, else the base64 sentinel. */
function headerValue(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  const plain = /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(text) && !text.startsWith('=?');
  const value = plain ? text : `=?base64?${Buffer.from(text, 'utf8').toString('base64')}?=`;
  return value.length <= MAX_HEADER_CHARS ? value : undefined;
}

function headersFor(text: string, sessionId: string): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  let message: Record<string, unknown> | undefined;
  try {
    message = record(JSON.parse(text));
  } catch {
    message = undefined;
  }
  const params = record(message?.['params']);
  const meta = record(params?.['_meta']);
  if (meta === undefined || meta[PROTOCOL_VERSION_META] === undefined) {
    headers['mcp-protocol-version'] = LEGACY_VERSION;
    headers['mcp-session-id'] = sessionId;
    return headers;
  }
  headers['mcp-protocol-version'] = headerValue(meta[PROTOCOL_VERSION_META]) ?? MODERN_VERSION;
  const method = message?.['method'];
  const methodHeader = headerValue(method);
  if (methodHeader !== undefined) headers['mcp-method'] = methodHeader;
  const nameField =
    typeof method === 'string' && Object.hasOwn(NAME_FIELD, method) ? NAME_FIELD[method] : undefined;
  const name = nameField === undefined ? undefined : headerValue(params?.[nameField]);
  if (name !== undefined) headers['mcp-name'] = name;
  return headers;
}

/** The JSON-RPC messages of a JSON or SSE body. */
function readBody(contentType: string, body: string): Pick<Answer, 'messages' | 'unreadable'> {
  if (body === '') return { messages: [] };
  try {
    if (!contentType.startsWith('text/event-stream')) return { messages: [JSON.parse(body)] };
    const messages: unknown[] = [];
    for (const event of body.split(/\r?\n\r?\n/)) {
      const data = event
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data !== '') messages.push(JSON.parse(data));
    }
    return { messages };
  } catch {
    return { messages: [], unreadable: body.slice(0, 200) };
  }
}

export async function startHttpPeer(): Promise<FuzzPeer> {
  const server = spawnServer(['--http']);
  const stdout = server.child.stdout;
  if (stdout === null) throw new Error('the fuzz server has no stdout');
  const firstLine = await within(
    new Promise<string>((resolve) => createInterface({ input: stdout }).once('line', resolve)),
    'the HTTP listener',
  );
  const url = `http://127.0.0.1:${(JSON.parse(firstLine) as { port: number }).port}/mcp`;

  const post = async (
    text: string,
    headers: Record<string, string>,
  ): Promise<Answer & { headers: Headers }> => {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: text,
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
    const body = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      ...readBody(response.headers.get('content-type') ?? '', body),
    };
  };

  const opened = await post(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 'init',
      method: 'initialize',
      params: {
        protocolVersion: LEGACY_VERSION,
        capabilities: {},
        clientInfo: { name: 'fuzz', version: '1' },
      },
    }),
    { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  );
  const sessionId = opened.headers.get('mcp-session-id');
  if (sessionId === null) throw new Error(`initialize opened no session (status ${opened.status})`);
  const legacy = (text: string) =>
    post(text, {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': LEGACY_VERSION,
      'mcp-session-id': sessionId,
    });
  await legacy(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));

  const call = async (name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const answer = await legacy(
      JSON.stringify({ jsonrpc: '2.0', id: 'call', method: 'tools/call', params: { name, arguments: args } }),
    );
    const response = answer.messages.find((message) => !isServerMessage(message));
    return (response as { result?: Record<string, unknown> } | undefined)?.result ?? {};
  };

  /** One POST of `text`; the problems with its answer. */
  const postOne = async (text: string): Promise<string[]> => {
    const expected = expectationOf(text, integerOrString);
    let answer: Answer;
    try {
      answer = await post(text, headersFor(text, sessionId));
    } catch (error) {
      const died = server.exited();
      return [died === undefined ? `POST failed: ${(error as Error).message}` : `the server died (${died})`];
    }
    const problems: string[] = [];
    if (answer.unreadable !== undefined) problems.push(`unreadable body: ${answer.unreadable}`);
    if (answer.status >= 500) problems.push(`status ${answer.status}`);
    const responses = answer.messages.filter((message) => !isServerMessage(message));
    // A refused notification or response is still an HTTP answer: a 4xx whose body is the
    // JSON-RPC error, carrying the message's id when it had a readable one.
    const owed =
      expected.answer === 'none' && answer.status >= 400
        ? { answer: 'one' as const, id: readableId(text, integerOrString) }
        : expected;
    if (expected.answer === 'none' && answer.status < 400 && answer.status !== 202) {
      problems.push(`a message that calls for no answer got status ${answer.status}`);
    }
    problems.push(...answerProblems(owed, responses));
    return problems;
  };

  return {
    async exchange(text, copies) {
      const answers = await Promise.all(Array.from({ length: copies }, () => postOne(text)));
      return answers.flat();
    },
    async echo(text) {
      const result = await call('echo', { text });
      return String((result['content'] as Array<{ text?: unknown }> | undefined)?.[0]?.text);
    },
    async memory() {
      return (await call(HEAP_TOOL, {}))['structuredContent'] as Memory;
    },
    exited: server.exited,
    stderrTail: server.stderrTail,
    close: server.stop,
  };
}
