import { decodeHeaderValue, trimFieldValue } from './header-value.js';
import { HttpErrorCode, HttpRejection } from './rejection.js';
import type { ToolHeaderParam } from './tool-headers.js';

/** `_meta` key carrying the modern protocol version. */
export const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';
/** `_meta` key carrying the modern client capabilities. */
export const CLIENT_CAPABILITIES_META = 'io.modelcontextprotocol/clientCapabilities';

/** Reads a request header by lower-case name. */
export type HeaderReader = (lowerName: string) => string | undefined;

/** What the modern checks need to know about the posted message. */
export interface ModernMessage {
  readonly id: string | number | null;
  readonly method: string;
  readonly params: unknown;
}

/** Methods whose `Mcp-Name` mirrors a body field, and which field. */
const NAME_FIELD: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

function mismatch(id: string | number | null, message: string): HttpRejection {
  return new HttpRejection(400, HttpErrorCode.HeaderMismatch, message, { id });
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The `_meta` protocol version of a message, if it carries one (i.e. it is a modern message). */
export function modernVersionOf(params: unknown): unknown {
  return record(record(params)?.['_meta'])?.[PROTOCOL_VERSION_META];
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  let current = root;
  for (const key of path) {
    const object = record(current);
    if (object === undefined) return undefined;
    current = object[key];
  }
  return current;
}

/** Compares a decoded header value with the body value it mirrors. */
function sameValue(header: string, body: unknown): boolean {
  if (typeof body === 'string') return header === body;
  if (typeof body === 'number') return header.length > 0 && Number(header) === body;
  if (typeof body === 'boolean') return header === (body ? 'true' : 'false');
  return false;
}

/**
 * Validates a modern (2026-07-28) POST against its headers and `_meta`, in the order the
 * reference mock applies them: version header present (-32020), required `_meta` keys
 * (-32602), version header equals `_meta` (-32020), version served (-32022), `Mcp-Method`,
 * `Mcp-Name`, then `Mcp-Param-*` (-32020). All refusals are HTTP 400 and echo the request id.
 */
export function validateModernHeaders(
  header: HeaderReader,
  message: ModernMessage,
  supportedVersions: readonly string[],
  toolHeaders: ((toolName: string) => readonly ToolHeaderParam[]) | undefined,
): HttpRejection | undefined {
  const { id, method } = message;
  const body = record(message.params);
  return (
    checkVersion(header, id, body, supportedVersions) ??
    checkMethod(header, id, method) ??
    checkName(header, id, method, body) ??
    checkToolParams(header, id, method, body, toolHeaders)
  );
}

/** `MCP-Protocol-Version` present, the `_meta` keys present, the two versions equal, and served. */
function checkVersion(
  header: HeaderReader,
  id: string | number | null,
  body: Record<string, unknown> | undefined,
  supportedVersions: readonly string[],
): HttpRejection | undefined {
  const rawVersion = header('mcp-protocol-version');
  if (rawVersion === undefined) return mismatch(id, 'Missing MCP-Protocol-Version header');
  const meta = record(body?.['_meta']);
  const metaVersion = meta?.[PROTOCOL_VERSION_META];
  const hasCapabilities = record(meta?.[CLIENT_CAPABILITIES_META]) !== undefined;
  if (metaVersion === undefined || !hasCapabilities) {
    const missing: string[] = [];
    if (metaVersion === undefined) missing.push(PROTOCOL_VERSION_META);
    if (!hasCapabilities) missing.push(CLIENT_CAPABILITIES_META);
    return new HttpRejection(
      400,
      HttpErrorCode.InvalidParams,
      `Invalid params: missing _meta keys: ${missing.join(', ')}`,
      { id },
    );
  }
  const version = trimFieldValue(rawVersion);
  if (version !== metaVersion)
    return mismatch(id, 'MCP-Protocol-Version header does not match _meta protocolVersion');
  if (!supportedVersions.includes(version)) {
    return new HttpRejection(400, HttpErrorCode.UnsupportedProtocolVersion, 'Unsupported protocol version', {
      id,
      data: { supported: supportedVersions, requested: version },
    });
  }
  return undefined;
}

/** `Mcp-Method` present and equal to the body's method. */
function checkMethod(
  header: HeaderReader,
  id: string | number | null,
  method: string,
): HttpRejection | undefined {
  const methodHeader = header('mcp-method');
  if (methodHeader === undefined) return mismatch(id, 'Missing Mcp-Method header');
  if (trimFieldValue(methodHeader) !== method)
    return mismatch(id, 'Mcp-Method header does not match body method');
  return undefined;
}

/** `Mcp-Name` equal to the body field it mirrors, for the methods that have one; required when that field is set. */
function checkName(
  header: HeaderReader,
  id: string | number | null,
  method: string,
  body: Record<string, unknown> | undefined,
): HttpRejection | undefined {
  // Own keys only: a body method of `__proto__` or `constructor` mirrors no field.
  const nameField = Object.hasOwn(NAME_FIELD, method) ? NAME_FIELD[method] : undefined;
  if (nameField === undefined) return undefined;
  const bodyName = body?.[nameField];
  const rawName = header('mcp-name');
  if (rawName === undefined)
    return bodyName === undefined ? undefined : mismatch(id, 'Missing Mcp-Name header');
  const name = decodeHeaderValue(rawName);
  if (name === undefined) return mismatch(id, 'Mcp-Name header has invalid base64');
  if (name !== bodyName) return mismatch(id, `Mcp-Name header does not match params.${nameField}`);
  return undefined;
}

/** Each `Mcp-Param-*` header of the called tool equal to the argument it mirrors; required when that argument is set. */
function checkToolParams(
  header: HeaderReader,
  id: string | number | null,
  method: string,
  body: Record<string, unknown> | undefined,
  toolHeaders: ((toolName: string) => readonly ToolHeaderParam[]) | undefined,
): HttpRejection | undefined {
  if (method !== 'tools/call' || toolHeaders === undefined) return undefined;
  const toolName = body?.['name'];
  if (typeof toolName !== 'string') return undefined;
  const args = body?.['arguments'];
  for (const param of toolHeaders(toolName)) {
    const bodyValue = valueAt(args, param.path);
    const raw = header(param.header);
    if (raw === undefined) {
      if (bodyValue !== undefined && bodyValue !== null)
        return mismatch(id, `Missing ${param.header} header`);
      continue;
    }
    const decoded = decodeHeaderValue(raw);
    if (decoded === undefined) return mismatch(id, `${param.header} header has invalid base64`);
    if (!sameValue(decoded, bodyValue))
      return mismatch(id, `${param.header} header does not match the argument`);
  }
  return undefined;
}
