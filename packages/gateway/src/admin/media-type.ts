/** A parsed media type (RFC 9110 §8.3.1): lowercase type and subtype, parameters by lowercase name. */
export interface MediaType {
  type: string;
  subtype: string;
  parameters: Record<string, string>;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function unquote(value: string): string | undefined {
  if (!value.startsWith('"')) return TOKEN.test(value) ? value : undefined;
  if (value.length < 2 || !value.endsWith('"')) return undefined;
  return value.slice(1, -1).replace(/\\(.)/g, '$1');
}

/** Parses a `Content-Type` value, or undefined when it is not `type/subtype *(; name=value)`. */
export function parseMediaType(text: string): MediaType | undefined {
  const [essence = '', ...rest] = text.split(';');
  const [type = '', subtype = '', extra] = essence.trim().split('/');
  if (extra !== undefined || !TOKEN.test(type) || !TOKEN.test(subtype)) return undefined;
  const parameters: Record<string, string> = {};
  for (const part of rest) {
    const trimmed = part.trim();
    if (trimmed === '') continue;
    const equals = trimmed.indexOf('=');
    if (equals <= 0) return undefined;
    const name = trimmed.slice(0, equals).trim().toLowerCase();
    const value = unquote(trimmed.slice(equals + 1).trim());
    if (!TOKEN.test(name) || value === undefined) return undefined;
    parameters[name] = value;
  }
  return { type: type.toLowerCase(), subtype: subtype.toLowerCase(), parameters };
}

/**
 * Whether `text` names JSON in UTF-8: `application/json` or `application/<x>+json`, with no
 * charset or `charset=utf-8` (JSON is UTF-8, RFC 8259 §8.1).
 */
export function isJsonMediaType(text: string): boolean {
  const media = parseMediaType(text);
  if (media === undefined || media.type !== 'application') return false;
  if (media.subtype !== 'json' && !media.subtype.endsWith('+json')) return false;
  const charset = media.parameters['charset'];
  return charset === undefined || charset.toLowerCase() === 'utf-8';
}
