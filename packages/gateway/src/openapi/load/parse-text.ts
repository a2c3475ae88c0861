import { parse as parseYaml } from 'yaml';
import { MAX_YAML_ALIASES } from './load-options.js';
import { OpenApiImportError } from './openapi-import-error.js';

/**
 * A document's bytes as a JSON value: JSON when it starts like JSON, YAML otherwise (YAML 1.2
 * is a superset of JSON, but JSON.parse is faster on the 13 MB documents). YAML aliases are
 * capped, so an alias bomb fails instead of filling memory.
 * @throws OpenApiImportError `spec_invalid` naming the document and the syntax error.
 */
export function parseDocumentText(bytes: Buffer, where: string): unknown {
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const first = text.trimStart()[0];
  if (first === '{' || first === '[') {
    try {
      return JSON.parse(text);
    } catch {
      // A YAML flow mapping (`{openapi: 3.1.0, ...}`) starts like JSON too: let YAML have it.
    }
  }
  let value: unknown;
  try {
    value = parseYaml(text, { maxAliasCount: MAX_YAML_ALIASES, prettyErrors: false });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new OpenApiImportError('spec_invalid', `${where}: not valid JSON or YAML (${reason})`, {
      cause: error,
    });
  }
  // Plain text is a YAML string: said as such, not as the parser's "not a valid JSON Schema".
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const held = value === null ? 'nothing' : Array.isArray(value) ? 'a list' : `a ${typeof value}`;
    throw new OpenApiImportError(
      'spec_invalid',
      `${where}: not an OpenAPI document: it reads as ${held}, not as a JSON or YAML object with "openapi": "3.x" or "swagger": "2.0" at its top; give the API's OpenAPI (or Swagger) file`,
    );
  }
  return value;
}
