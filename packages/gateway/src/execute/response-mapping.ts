import type { CallToolResult } from '@mcpforge/server';
import type { ToolErrorCode } from '../errors/tool-error-table.js';
import { boundedText } from './bounded-text.js';
import { jsonDepthExceeds } from './json-depth.js';
import { parseRetryAfter } from './retry-after.js';
import type { ExchangeResponse, ResponseHeaders } from './upstream-exchange.js';

/**
 * An upstream answer as a tool result. A 2xx JSON answer (`application/json`, `+json`) is
 * `structuredContent` (an object as it is, anything else as `{ "result": ... }`) plus the same
 * JSON as text; another media type is bounded text; an empty body is `{}`. Any other status
 * is a tool error code; its body is never read into the result.
 * @module
 */

/** Bounds of the mapping. */
export interface MappingLimits {
  /** A non-JSON answer is cut after this many bytes. */
  maxTextBytes: number;
  /** A JSON answer nesting deeper is refused (`response_invalid`). */
  maxJsonDepth: number;
}

/** A mapped answer: the result, or the code of the error it is. */
export type MappedResponse =
  | { ok: true; result: CallToolResult }
  | { ok: false; code: ToolErrorCode; diagnostic: string; retryAfterMs?: number | undefined };

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;

function header(headers: ResponseHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The media type of `content-type` without parameters, lowercase ('' when absent). */
function mediaType(headers: ResponseHeaders): string {
  return (header(headers, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** The tool error code of a non-2xx status. */
export function statusCode(status: number): ToolErrorCode {
  if (status < 400) return 'upstream_redirect';
  if (status === 401 || status === 403) return 'upstream_unauthorized';
  if (status === 429) return 'upstream_rate_limited';
  if (status === 503) return 'upstream_unavailable';
  return status < 500 ? 'upstream_client_error' : 'upstream_server_error';
}

function structuredResult(value: { [key: string]: unknown }): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

function jsonResult(body: Buffer, limits: MappingLimits): MappedResponse {
  let text: string;
  try {
    text = UTF8.decode(body);
  } catch {
    return { ok: false, code: 'response_invalid', diagnostic: 'a JSON answer that is not UTF-8' };
  }
  if (jsonDepthExceeds(text, limits.maxJsonDepth)) {
    return {
      ok: false,
      code: 'response_invalid',
      diagnostic: `a JSON answer nesting over ${limits.maxJsonDepth} deep`,
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Not the parser's message: it quotes the body, which stays out of logs too.
    return { ok: false, code: 'response_invalid', diagnostic: 'a JSON answer that does not parse' };
  }
  const object =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as { [key: string]: unknown })
      : { result: value };
  return { ok: true, result: structuredResult(object) };
}

/** Maps an answer; `now` dates a `Retry-After` given as an HTTP-date. */
export function mapResponse(response: ExchangeResponse, limits: MappingLimits, now: number): MappedResponse {
  const { status, headers, body } = response;
  if (status < 200 || status >= 300) {
    const code = statusCode(status);
    const retryAfterMs =
      code === 'upstream_rate_limited' || code === 'upstream_unavailable'
        ? parseRetryAfter(headers['retry-after'], now)
        : undefined;
    return { ok: false, code, diagnostic: `upstream answered HTTP ${status}`, retryAfterMs };
  }
  const encoding = header(headers, 'content-encoding')?.trim().toLowerCase();
  if (encoding !== undefined && encoding !== '' && encoding !== 'identity') {
    // The gateway asks for no encoding (it sends no accept-encoding), so this is not decoded.
    return { ok: false, code: 'response_invalid', diagnostic: `an answer with content-encoding ${encoding}` };
  }
  if (body.length === 0) return { ok: true, result: structuredResult({}) };
  if (JSON_MEDIA_TYPE.test(mediaType(headers))) return jsonResult(body, limits);
  return { ok: true, result: { content: [{ type: 'text', text: boundedText(body, limits.maxTextBytes) }] } };
}
