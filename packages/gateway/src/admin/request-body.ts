import { GatewayError, invalidField } from '../errors/gateway-error.js';
import { findUnstorable } from '../store/storable-text.js';
import type { AdminRequest } from './admin-exchange.js';
import { isJsonMediaType } from './media-type.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * The request's JSON body, or undefined when it has none. A body must be declared
 * `application/json` (UTF-8), be at most `maxBytes`, and parse, and no string or member name in
 * it may hold a NUL or a lone surrogate (`\ud800` is valid JSON; PostgreSQL stores neither).
 * @throws GatewayError `unsupported_media_type`, `body_too_large`, `malformed_json`, and
 *   `invalid_field` naming the field that holds such text.
 */
export async function readJsonBody(request: AdminRequest, maxBytes: number): Promise<unknown> {
  const contentType = request.header('content-type');
  const declared = request.header('content-length');
  if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > maxBytes)
    throw tooLarge(maxBytes);
  const bytes = await request.readBody(maxBytes);
  if (bytes === 'too_large') throw tooLarge(maxBytes);
  if (bytes === undefined || bytes.byteLength === 0) return undefined;
  if (contentType === undefined || !isJsonMediaType(contentType)) {
    throw new GatewayError(
      'unsupported_media_type',
      'the body must be JSON sent with Content-Type: application/json',
    );
  }
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw new GatewayError('malformed_json', 'the body is not valid UTF-8');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // The parser's message quotes the input: never echo it.
    throw new GatewayError('malformed_json', 'the body is not valid JSON');
  }
  const unstorable = findUnstorable(body);
  if (unstorable !== undefined) throw invalidField(fieldName(unstorable.path), unstorable.reason);
  return body;
}

/** A body field as the field readers name it: `draft.inputSchema.properties`, `sections[0]`. */
function fieldName(path: ReadonlyArray<string | number>): string {
  let name = '';
  for (const key of path) {
    if (typeof key === 'number') name += `[${key}]`;
    else name += name === '' ? key : `.${key}`;
  }
  return name;
}

function tooLarge(maxBytes: number): GatewayError {
  return new GatewayError('body_too_large', `the body is larger than ${maxBytes} bytes`);
}
