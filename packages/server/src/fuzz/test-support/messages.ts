/**
 * @module
 * Arbitrary MCP messages of every kind (requests of each method, notifications, responses,
 * lines that are no message at all) in which any field, at any level, may be replaced by a
 * hostile value, left out, or joined by odd extra members. Each is JSON text with the request
 * id left as a placeholder, filled in by {@link render} so every request can be told apart.
 */
import fc from 'fast-check';
import { hostileJson, hostileKey, type JsonText, objectText } from './hostile-json.js';

/** Replaced by a fresh integer id when sent. */
export const FRESH_NUMBER_ID = '"@@fresh-number-id@@"';
/** Replaced by a fresh string id when sent. */
export const FRESH_STRING_ID = '"@@fresh-string-id@@"';

/** One generated message: its text, and what it was generated as (for reading a failure). */
export interface FuzzMessage {
  readonly kind: 'request' | 'notification' | 'response' | 'garbage';
  readonly text: JsonText;
  /** Sent this many times at once (2: the same id twice while the first may be in flight). */
  readonly copies: 1 | 2;
}

/** The message as sent: the id placeholders filled with `sequence`-based ids. */
export function render(message: FuzzMessage, sequence: number): string {
  const text = message.text
    .replaceAll(FRESH_NUMBER_ID, String(1_000_000 + sequence))
    .replaceAll(FRESH_STRING_ID, JSON.stringify(`fuzz-${sequence}`));
  // One message per line on stdio: a raw newline would make two.
  if (text.includes('\n')) throw new Error('a generated message holds a raw newline');
  return text;
}

const OMIT = Symbol('omit');
type Field = JsonText | typeof OMIT;

/** A field's value: usually the normal one, sometimes hostile, sometimes absent. */
function field(normal: fc.Arbitrary<JsonText>): fc.Arbitrary<Field> {
  // Mostly normal, so most messages get past the envelope checks to the code behind them.
  return fc.oneof(
    { arbitrary: normal, weight: 12 },
    { arbitrary: hostileJson, weight: 2 },
    { arbitrary: fc.constant(OMIT), weight: 1 },
  );
}

/**
 * A field servers tend to echo, store or look up (a progress token, a cursor, a URI, a name):
 * hostile a third of the time.
 */
function echoed(normal: fc.Arbitrary<JsonText>): fc.Arbitrary<Field> {
  return fc.oneof(
    { arbitrary: normal, weight: 6 },
    { arbitrary: hostileJson, weight: 3 },
    { arbitrary: fc.constant(OMIT), weight: 1 },
  );
}

/** An object of fields (each maybe hostile or absent) plus, sometimes, odd extra members. */
function object(fields: Record<string, fc.Arbitrary<Field>>): fc.Arbitrary<JsonText> {
  const extras = fc.oneof(
    { arbitrary: fc.constant([]), weight: 6 },
    { arbitrary: fc.array(fc.tuple(hostileKey, hostileJson), { minLength: 1, maxLength: 2 }), weight: 1 },
  );
  return fc.tuple(fc.record(fields), extras).map(([values, extra]) => {
    const members: Array<readonly [string, JsonText]> = [];
    for (const [key, value] of Object.entries(values)) if (value !== OMIT) members.push([key, value]);
    // A repeated key is valid JSON text: JSON.parse keeps the last one.
    return objectText([...members, ...extra]);
  });
}

const json = (value: unknown): fc.Arbitrary<JsonText> => fc.constant(JSON.stringify(value));
const oneOf = (...values: unknown[]): fc.Arbitrary<JsonText> =>
  fc.constantFrom(...values.map((value) => JSON.stringify(value)));

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** `_meta` of a request: none, modern-era keys, a progress token, the probe flag, or hostile. */
const meta = object({
  'io.modelcontextprotocol/protocolVersion': field(oneOf('2026-07-28', '2025-06-18', '1999-01-01')),
  'io.modelcontextprotocol/clientCapabilities': field(json({})),
  progressToken: echoed(oneOf('token', 7)),
  'forge.permission_patterns': field(json(true)),
});
const maybeModernMeta = fc.oneof(
  { arbitrary: fc.constant(OMIT), weight: 3 },
  { arbitrary: json(MODERN_META), weight: 2 },
  { arbitrary: meta, weight: 2 },
  { arbitrary: hostileJson, weight: 1 },
);

/** Arguments of each fixture tool, each field maybe hostile. */
const toolCalls: Record<string, fc.Arbitrary<JsonText>> = {
  echo: object({ text: field(fc.string({ maxLength: 50 }).map((text) => JSON.stringify(text))) }),
  add: object({ a: field(fc.integer().map(String)), b: field(fc.integer().map(String)) }),
  contact: object({
    method: field(oneOf('phone', 'email', 'fax')),
    phone: field(oneOf('123')),
    email: field(oneOf('a@example.com', 'not an email')),
    tags: field(oneOf(['vip'], ['other'], [])),
  }),
  // A value deep enough to exhaust the stack of a recursive validator.
  tree: fc
    .integer({ min: 0, max: 20_000 })
    .map((depth) => `${'{"child":'.repeat(depth)}{}${'}'.repeat(depth)}`),
  anything: hostileJson,
  confirm: hostileJson,
  progress: object({ steps: field(oneOf(1, 2, 3, 0, 4)) }),
  nope: object({}),
};

const toolCall = fc.constantFrom(...Object.keys(toolCalls)).chain((name) =>
  object({
    name: echoed(json(name)),
    arguments: field(toolCalls[name] as fc.Arbitrary<JsonText>),
    _meta: maybeModernMeta,
  }),
);

const cursorParams = object({
  cursor: echoed(oneOf('abc', 'eyJvIjoxLCJyIjoxfQ.AAAAAAAAAAAAAAAAAAAAAA')),
  _meta: maybeModernMeta,
});
const uriParams = object({
  uri: echoed(oneOf('fuzz://static', 'fuzz://item/1', 'fuzz://item/{id}', 'file:///etc/passwd')),
  _meta: maybeModernMeta,
});

/** Params of each method the server answers, and of a few it does not. */
const requestParams: Record<string, fc.Arbitrary<JsonText>> = {
  initialize: object({
    protocolVersion: echoed(oneOf('2025-06-18', '2025-11-25', '2024-11-05', '2026-07-28', 'x')),
    capabilities: field(json({})),
    clientInfo: field(object({ name: field(oneOf('fuzz')), version: field(oneOf('1')) })),
  }),
  ping: object({ _meta: maybeModernMeta }),
  'server/discover': object({ _meta: maybeModernMeta }),
  'tools/list': cursorParams,
  'tools/call': toolCall,
  'resources/list': cursorParams,
  'resources/templates/list': cursorParams,
  'resources/read': uriParams,
  'resources/subscribe': uriParams,
  'resources/unsubscribe': uriParams,
  'prompts/list': cursorParams,
  'prompts/get': object({
    name: echoed(oneOf('greet', 'missing')),
    arguments: field(object({ who: field(oneOf('world')) })),
    _meta: maybeModernMeta,
  }),
  'completion/complete': object({
    ref: field(
      fc.oneof(
        object({ type: field(oneOf('ref/prompt')), name: field(oneOf('greet')) }),
        object({ type: field(oneOf('ref/resource')), uri: field(oneOf('fuzz://item/{id}')) }),
      ),
    ),
    argument: field(object({ name: echoed(oneOf('who', 'id')), value: echoed(oneOf('w', '1', '')) })),
    context: field(object({ arguments: field(json({})) })),
    _meta: maybeModernMeta,
  }),
  'logging/setLevel': object({ level: echoed(oneOf('info', 'debug', 'emergency', 'loud')) }),
  // Not sent: `subscriptions/listen` answers only when the subscription ends (by design), and
  // this fuzzer waits for each answer before the next message.
  'tasks/get': object({ taskId: echoed(oneOf('t-1')) }),
  'tasks/cancel': object({ taskId: echoed(oneOf('t-1')) }),
  'tasks/list': cursorParams,
  'tasks/result': object({ taskId: echoed(oneOf('t-1')) }),
  'nope/none': object({}),
  ['__proto__']: object({}),
  constructor: object({}),
  toString: object({}),
  hasOwnProperty: object({}),
};

const methodNames = Object.keys(requestParams);

const jsonrpcField = field(json('2.0'));

/** A request: every field (version, id, method, params, and inside them) maybe hostile. */
const request: fc.Arbitrary<FuzzMessage> = fc.constantFrom(...methodNames).chain((method) =>
  object({
    jsonrpc: jsonrpcField,
    id: fc.oneof(
      { arbitrary: fc.constantFrom(FRESH_NUMBER_ID, FRESH_STRING_ID), weight: 8 },
      { arbitrary: hostileJson, weight: 1 },
      { arbitrary: fc.constant(OMIT), weight: 1 },
    ),
    method: field(json(method)),
    params: field(requestParams[method] as fc.Arbitrary<JsonText>),
  }).chain((text) =>
    fc
      .constantFrom<1 | 2>(1, 1, 1, 1, 1, 1, 1, 2)
      .map((copies) => ({ kind: 'request' as const, text, copies })),
  ),
);

const notificationParams: Record<string, fc.Arbitrary<JsonText>> = {
  'notifications/initialized': object({}),
  'notifications/cancelled': object({
    requestId: echoed(fc.constantFrom(FRESH_NUMBER_ID, FRESH_STRING_ID, '1', '"x"')),
    reason: field(oneOf('because')),
  }),
  'notifications/progress': object({
    progressToken: echoed(oneOf('token', 7)),
    progress: field(oneOf(1, 0.5)),
    total: field(oneOf(2)),
  }),
  'notifications/roots/list_changed': object({}),
  'notifications/nope': object({}),
  ['__proto__']: object({}),
};

/** A notification: no id member; every other field maybe hostile. */
const notification: fc.Arbitrary<FuzzMessage> = fc
  .constantFrom(...Object.keys(notificationParams))
  .chain((method) =>
    object({
      jsonrpc: jsonrpcField,
      method: field(json(method)),
      params: field(notificationParams[method] as fc.Arbitrary<JsonText>),
    }),
  )
  .map((text) => ({ kind: 'notification' as const, text, copies: 1 as const }));

/** A response to a request the server never sent (or a malformed one). */
const response: fc.Arbitrary<FuzzMessage> = fc
  .oneof(
    object({ jsonrpc: jsonrpcField, id: field(oneOf(1, 'x', null)), result: field(json({})) }),
    object({
      jsonrpc: jsonrpcField,
      id: field(oneOf(1, 'x', null)),
      error: field(
        object({ code: field(oneOf(-32000, 1.5)), message: field(oneOf('no')), data: field(json(null)) }),
      ),
    }),
  )
  .map((text) => ({ kind: 'response' as const, text, copies: 1 as const }));

/** Lines that are not one JSON-RPC message: broken JSON, batches, bare values. */
const garbage: fc.Arbitrary<FuzzMessage> = fc
  .oneof(
    fc.constantFrom(
      'not json',
      '{"jsonrpc":"2.0",',
      '{"jsonrpc":"2.0","id":1,"method":"ping"}}',
      '\uFEFF{"jsonrpc":"2.0","method":"x"}',
      '{"jsonrpc":"2.0","id":1e400,"method":"ping"}',
      `[{"jsonrpc":"2.0","id":${FRESH_NUMBER_ID},"method":"ping"}]`,
      '[]',
      '{}',
    ),
    hostileJson,
  )
  .map((text) => ({ kind: 'garbage' as const, text, copies: 1 as const }));

/** Any message, weighted toward requests (they reach the deepest code). */
export const fuzzMessage: fc.Arbitrary<FuzzMessage> = fc.oneof(
  { arbitrary: request, weight: 6 },
  { arbitrary: notification, weight: 2 },
  { arbitrary: response, weight: 1 },
  { arbitrary: garbage, weight: 1 },
);
