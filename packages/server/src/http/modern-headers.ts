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
  const { id, method, params } = message;
  const rawVersion = header('mcp-protocol-version');
  if (rawVersion === undefined) return mismatch(id, 'Missing MCP-Protocol-Version header');
  const meta = record(record(params)?.['_meta']);
  const missing: string[] = [];
  if (meta?.[PROTOCOL_VERSION_META] === undefined) missing.push(PROTOCOL_VERSION_META);
  if (record(meta?.[CLIENT_CAPABILITIES_META]) === undefined) missing.push(CLIENT_CAPABILITIES_META);
  if (missing.length > 0) {
    return new HttpRejection(
      400,
      HttpErrorCode.InvalidParams,
      `Invalid params: missing _meta keys: ${missing.join(', ')}`,
      {
        id,
      },
    );
  }
  const version = trimFieldValue(rawVersion);
  const metaVersion = meta?.[PROTOCOL_VERSION_META];
  if (version !== metaVersion)
    return mismatch(id, 'MCP-Protocol-Version header does not match _meta protocolVersion');
  if (!supportedVersions.includes(version)) {
    return new HttpRejection(400, HttpErrorCode.UnsupportedProtocolVersion, 'Unsupported protocol version', {
      id,
      data: { supported: supportedVersions, requested: version },
    });
  }
  const methodHeader = header('mcp-method');
  if (methodHeader === undefined) return mismatch(id, 'Missing Mcp-Method header');
  if (trimFieldValue(methodHeader) !== method)
    return mismatch(id, 'Mcp-Method header does not match body method');

  const nameField = NAME_FIELD[method];
  const body = record(params);
  if (nameField !== undefined) {
    const bodyName = body?.[nameField];
    const rawName = header('mcp-name');
    if (rawName === undefined) {
      if (bodyName !== undefined) return mismatch(id, 'Missing Mcp-Name header');
    } else {
      const name = decodeHeaderValue(rawName);
      if (name === undefined) return mismatch(id, 'Mcp-Name header has invalid base64');
      if (name !== bodyName) return mismatch(id, `Mcp-Name header does not match params.${nameField}`);
    }
  }

  if (method === 'tools/call' && toolHeaders !== undefined && typeof body?.['name'] === 'string') {
    const mirrored = toolHeaders(body['name']);
    if (mirrored.length > 0) {
      const args = body['arguments'];
      for (const param of mirrored) {
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
    }
  }
  return undefined;
}
