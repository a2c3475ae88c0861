// biome-ignore-all lint/suspicious/noTemplateCurlyInString: messages show the literal ${VAR} syntax of header templates
import { invalidField } from '../errors/gateway-error.js';
import {
  type JsonRecord,
  readChoice,
  readInteger,
  readObject,
  readString,
  rejectUnknownKeys,
} from './field-reader.js';
import { checkHeaderTemplate, templateVariables } from './header-template.js';

/** HTTP methods an operation may use. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * How an array argument is written in the query: `repeat` `a=1&a=2` (OpenAPI form, explode),
 * `comma` `a=1,2` (form, no explode), `space` `a=1%202` (spaceDelimited), `pipe` `a=1|2`
 * (pipeDelimited). An object of scalars is refused by these but `comma` (`a=k,v,k2,v2`), and
 * written by `flat` `k=v&k2=v2` (form, explode; an array as `repeat`) and `deep`
 * `a[k]=v&a[k2]=v2` (deepObject; an array is refused).
 */
export const ARRAY_STYLES = ['repeat', 'comma', 'space', 'pipe', 'flat', 'deep'] as const;
export type ArrayStyle = (typeof ARRAY_STYLES)[number];

/** Where one tool argument goes in the upstream request; `name` is its name there. */
export type ArgumentPlacement =
  | { in: 'path'; name: string }
  | { in: 'query'; name: string; arrayStyle: ArrayStyle }
  | { in: 'header'; name: string }
  | { in: 'cookie'; name: string }
  | { in: 'body'; name: string }
  /** The argument is the whole JSON body (an array or scalar body); `name` is the argument's. */
  | { in: 'payload'; name: string };

/** The REST call behind a tool. Stored with every default filled in. */
export interface RestBinding {
  method: HttpMethod;
  /** `http(s)://host[:port][/base/path]`, normalised (no trailing slash, no query). */
  baseUrl: string;
  /** Appended to `baseUrl`: `/v1/latest`, `/items/{id}`; `{name}` is a path argument. */
  path: string;
  /** Placement of every `inputSchema` property, by argument name. */
  arguments: Record<string, ArgumentPlacement>;
  /** Static headers by lowercase name; values may hold `${VAR}` secrets, stored unresolved. */
  headers: Record<string, string>;
  /**
   * Static query parameters (an API key in the query), sent before the arguments; values may
   * hold `${VAR}` secrets, stored unresolved. Left out when there are none.
   */
  query?: Record<string, string>;
  timeoutMs: number;
  maxResponseBytes: number;
  /**
   * The header (lowercase name) that carries an idempotency value on executions of approved
   * requests: the same value on every attempt, so an upstream that honours it dedupes a retry.
   */
  idempotency?: { header: string };
}

/** Upstream timeout when none is set: long enough for a slow API, short enough for an agent. */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** Longest upstream timeout: an agent's tool call should not hang for minutes. */
export const MAX_TIMEOUT_MS = 60_000;
/** Response size cap when none is set: a tool result goes into a model's context. */
export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;
/** Largest cap an operation may set. */
export const MAX_RESPONSE_BYTES_LIMIT = 16 * 1024 * 1024;

const MAX_URL_LENGTH = 2048;
const MAX_HEADER_VALUE_LENGTH = 4096;
const MAX_HEADERS = 32;
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A cookie name is an HTTP token, like a header name. */
const COOKIE_NAME = HEADER_NAME;
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const PATH_LITERAL = /^([A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*$/;

/** Headers the gateway owns (framing, hop-by-hop, its own trace context), in lower case. */
export const RESERVED_HEADERS: ReadonlySet<string> = new Set([
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'proxy-connection',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'traceparent',
  'tracestate',
]);

/** A header that carries a credential: its value must come from the environment. */
function isCredentialHeader(name: string): boolean {
  return (
    name === 'authorization' ||
    name === 'proxy-authorization' ||
    name === 'cookie' ||
    /(^|-)(api-?key|key|token|secret|password|auth)($|-)/.test(name)
  );
}

function readHeaderName(value: unknown, field: string): string {
  const name = readString(value, field, {
    max: 128,
    pattern: HEADER_NAME,
    patternHint: 'an HTTP header name',
  });
  const lower = name.toLowerCase();
  if (RESERVED_HEADERS.has(lower)) throw invalidField(field, `'${lower}' is set by the gateway`);
  return lower;
}

function readBaseUrl(value: unknown, field: string): string {
  const text = readString(value, field, { max: MAX_URL_LENGTH });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalidField(field, 'must be an absolute http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalidField(field, 'must use http or https');
  if (url.username !== '' || url.password !== '') {
    throw invalidField(field, 'must not hold credentials: put them in a header from ${VAR}');
  }
  if (url.search !== '' || url.hash !== '' || text.includes('?') || text.includes('#')) {
    throw invalidField(field, 'must not have a query or fragment: map arguments to the query instead');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Checks the path template; returns its placeholder names. */
function readPath(value: unknown, field: string): { path: string; placeholders: string[] } {
  const path = readString(value, field, { max: MAX_URL_LENGTH });
  if (!path.startsWith('/')) throw invalidField(field, "must start with '/'");
  const placeholders = [...path.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
  const literal = path.replace(PLACEHOLDER, '');
  if (!PATH_LITERAL.test(literal)) {
    throw invalidField(field, 'may hold only URL path characters and {name} placeholders (no ?, #, spaces)');
  }
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw invalidField(field, "must not have '.' or '..' segments");
  }
  return { path, placeholders };
}

function readPlacement(value: unknown, field: string, argument: string): ArgumentPlacement {
  const record = readObject(value, field);
  if (record['in'] === undefined)
    throw invalidField(
      `${field}.in`,
      "is required: 'path', 'query', 'header', 'cookie', 'body' or 'payload'",
    );
  const where = readChoice(
    record['in'],
    `${field}.in`,
    ['path', 'query', 'header', 'cookie', 'body', 'payload'] as const,
    'query',
  );
  if (where === 'query') {
    rejectUnknownKeys(record, ['in', 'name', 'arrayStyle'], field);
    const name = readString(record['name'] ?? argument, `${field}.name`, { max: 128 });
    return {
      in: 'query',
      name,
      arrayStyle: readChoice(record['arrayStyle'], `${field}.arrayStyle`, ARRAY_STYLES, 'repeat'),
    };
  }
  rejectUnknownKeys(record, ['in', 'name'], field);
  if (where === 'header') {
    if (record['name'] === undefined)
      throw invalidField(`${field}.name`, 'is required for a header argument');
    return { in: 'header', name: readHeaderName(record['name'], `${field}.name`) };
  }
  if (where === 'cookie') {
    const name = readString(record['name'] ?? argument, `${field}.name`, {
      max: 128,
      pattern: COOKIE_NAME,
      patternHint: 'a cookie name (an HTTP token)',
    });
    return { in: 'cookie', name };
  }
  if (where === 'path') {
    const name = readString(record['name'] ?? argument, `${field}.name`, {
      max: 128,
      pattern: /^[A-Za-z_][A-Za-z0-9_]*$/,
      patternHint: 'a {placeholder} name: letters, digits and _',
    });
    return { in: 'path', name };
  }
  if (where === 'payload') {
    if (record['name'] !== undefined && record['name'] !== argument)
      throw invalidField(`${field}.name`, 'a payload argument has no name of its own: leave it out');
    return { in: 'payload', name: argument };
  }
  return { in: 'body', name: readString(record['name'] ?? argument, `${field}.name`, { max: 128 }) };
}

function readHeaders(value: unknown, field: string): Record<string, string> {
  if (value === undefined) return {};
  const record = readObject(value, field);
  const entries = Object.entries(record);
  if (entries.length > MAX_HEADERS) throw invalidField(field, `must have at most ${MAX_HEADERS} headers`);
  const headers: Record<string, string> = {};
  for (const [rawName, rawValue] of entries) {
    const name = readHeaderName(rawName, `${field}.${rawName}`);
    const where = `${field}.${name}`;
    if (Object.hasOwn(headers, name))
      throw invalidField(where, 'is given twice (names are case-insensitive)');
    const text = readString(rawValue, where, { max: MAX_HEADER_VALUE_LENGTH });
    if (/[\r\n\0]/.test(text)) throw invalidField(where, 'must not contain CR, LF or NUL');
    checkHeaderTemplate(text, where);
    if (isCredentialHeader(name) && templateVariables(text).length === 0) {
      throw invalidField(
        where,
        "carries a credential: take it from the gateway's environment, e.g. 'Bearer ${MCPFORGE_SECRET_UPSTREAM_TOKEN}', so it is never stored",
      );
    }
    headers[name] = text;
  }
  return headers;
}

/** Static query parameters: like static headers, a credential must come from `${VAR}`. */
function readStaticQuery(value: unknown, field: string): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  const record = readObject(value, field);
  const entries = Object.entries(record);
  if (entries.length > MAX_HEADERS) throw invalidField(field, `must have at most ${MAX_HEADERS} parameters`);
  const query: Record<string, string> = {};
  for (const [name, rawValue] of entries) {
    const where = `${field}.${name}`;
    readString(name, where, { max: 128 });
    const text = readString(rawValue, where, { max: MAX_HEADER_VALUE_LENGTH });
    checkHeaderTemplate(text, where);
    if (isCredentialHeader(name.toLowerCase().replace(/_/g, '-')) && templateVariables(text).length === 0) {
      throw invalidField(
        where,
        "carries a credential: take it from the gateway's environment, e.g. '${MCPFORGE_SECRET_UPSTREAM_KEY}', so it is never stored",
      );
    }
    query[name] = text;
  }
  return entries.length === 0 ? undefined : query;
}

function readIdempotency(
  value: unknown,
  field: string,
  placements: Record<string, ArgumentPlacement>,
  headers: Record<string, string>,
): { header: string } | undefined {
  if (value === undefined) return undefined;
  const record = readObject(value, field);
  rejectUnknownKeys(record, ['header'], field);
  if (record['header'] === undefined)
    throw invalidField(`${field}.header`, "is required, e.g. 'Idempotency-Key'");
  const header = readHeaderName(record['header'], `${field}.header`);
  if (Object.hasOwn(headers, header))
    throw invalidField(`${field}.header`, `'${header}' is also a static header`);
  for (const [argument, placement] of Object.entries(placements)) {
    if (placement.in === 'header' && placement.name === header) {
      throw invalidField(`${field}.header`, `'${header}' is also the header of argument '${argument}'`);
    }
  }
  return { header };
}

/** What the binding must agree with: the tool's input schema properties and required names. */
export interface BindingSchemaFacts {
  properties: readonly string[];
  required: readonly string[];
}

function checkArguments(
  placements: Record<string, ArgumentPlacement>,
  placeholders: readonly string[],
  facts: BindingSchemaFacts,
  headers: Record<string, string>,
  method: HttpMethod,
  field: string,
): void {
  for (const property of facts.properties) {
    if (!Object.hasOwn(placements, property)) {
      throw invalidField(
        `${field}.arguments`,
        `inputSchema property '${property}' has no placement (path, query, header or body)`,
      );
    }
  }
  const taken = new Set<string>();
  for (const [argument, placement] of Object.entries(placements)) {
    const where = `${field}.arguments.${argument}`;
    if (!facts.properties.includes(argument)) throw invalidField(where, 'is not a property of inputSchema');
    const key = `${placement.in}:${placement.name}`;
    if (taken.has(key))
      throw invalidField(
        `${where}.name`,
        `another argument already goes to ${placement.in} '${placement.name}'`,
      );
    taken.add(key);
    if (placement.in === 'path') {
      if (!placeholders.includes(placement.name))
        throw invalidField(`${where}.name`, `'{${placement.name}}' is not in ${field}.path`);
      if (!facts.required.includes(argument))
        throw invalidField(where, 'is a path argument, so inputSchema must list it in required');
    }
    if (placement.in === 'header' && Object.hasOwn(headers, placement.name)) {
      throw invalidField(`${where}.name`, `'${placement.name}' is also a static header`);
    }
    if ((placement.in === 'body' || placement.in === 'payload') && method === 'GET')
      throw invalidField(where, 'a GET request has no body');
    if (placement.in === 'payload') {
      const others = Object.entries(placements).filter(
        ([name, other]) => name !== argument && (other.in === 'body' || other.in === 'payload'),
      );
      if (others.length > 0)
        throw invalidField(where, `is the whole body, so '${others[0]?.[0]}' cannot go to the body too`);
    }
  }
  for (const placeholder of placeholders) {
    if (!taken.has(`path:${placeholder}`)) {
      throw invalidField(`${field}.path`, `'{${placeholder}}' has no path argument`);
    }
  }
}

/** Reads a REST binding with every default filled in, checked against the tool's input schema. */
export function readRestBinding(value: unknown, field: string, facts: BindingSchemaFacts): RestBinding {
  const record: JsonRecord = readObject(value, field);
  rejectUnknownKeys(
    record,
    [
      'method',
      'baseUrl',
      'path',
      'arguments',
      'headers',
      'query',
      'timeoutMs',
      'maxResponseBytes',
      'idempotency',
    ],
    field,
  );
  if (record['method'] === undefined)
    throw invalidField(`${field}.method`, `is required: ${HTTP_METHODS.join(', ')}`);
  const method = readChoice(record['method'], `${field}.method`, HTTP_METHODS, 'GET');
  const baseUrl = readBaseUrl(record['baseUrl'], `${field}.baseUrl`);
  const { path, placeholders } = readPath(record['path'] ?? '/', `${field}.path`);
  const argumentsRecord =
    record['arguments'] === undefined ? {} : readObject(record['arguments'], `${field}.arguments`);
  const placements: Record<string, ArgumentPlacement> = {};
  for (const [argument, placement] of Object.entries(argumentsRecord)) {
    placements[argument] = readPlacement(placement, `${field}.arguments.${argument}`, argument);
  }
  const headers = readHeaders(record['headers'], `${field}.headers`);
  const query = readStaticQuery(record['query'], `${field}.query`);
  checkArguments(placements, placeholders, facts, headers, method, field);
  const idempotency = readIdempotency(record['idempotency'], `${field}.idempotency`, placements, headers);
  const binding: RestBinding = {
    method,
    baseUrl,
    path,
    arguments: placements,
    headers,
    timeoutMs: readInteger(record['timeoutMs'], `${field}.timeoutMs`, 1, MAX_TIMEOUT_MS, DEFAULT_TIMEOUT_MS),
    maxResponseBytes: readInteger(
      record['maxResponseBytes'],
      `${field}.maxResponseBytes`,
      1,
      MAX_RESPONSE_BYTES_LIMIT,
      DEFAULT_MAX_RESPONSE_BYTES,
    ),
  };
  // Left out when absent, so definitions stored before they existed compare equal.
  if (query !== undefined) binding.query = query;
  if (idempotency !== undefined) binding.idempotency = idempotency;
  return binding;
}
