import { LineCounter, parseDocument, stringify } from 'yaml';
import { GatewayError } from '../errors/gateway-error.js';
import type { ConfigDocument } from './config-document.js';

/**
 * A configuration document as text: YAML (the default; JSON is YAML too, so a `.json` file
 * reads the same way) or JSON, and the line of a document path in that text, so a refusal
 * (`operations[2].draft.name`) can point at the line to fix.
 * @module
 */

export type ConfigFormat = 'yaml' | 'json';

/** Largest document text read: the demo's workspace is ~0.3 MB, GitHub's REST API ~10 MB. */
export const MAX_CONFIG_TEXT_BYTES = 32 * 1024 * 1024;

/** The text of `document` in `format`, ending with a newline. */
export function formatConfigDocument(document: ConfigDocument, format: ConfigFormat = 'yaml'): string {
  if (format === 'json') return `${JSON.stringify(document, null, 2)}\n`;
  // No anchors or aliases: equal values stay written out, so a diff in review shows each.
  return stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 });
}

/**
 * The value of a document's text (YAML 1.2 or JSON).
 * @throws GatewayError `invalid_field` with the line and column of a syntax error.
 */
export function parseConfigText(text: string): unknown {
  if (Buffer.byteLength(text, 'utf8') > MAX_CONFIG_TEXT_BYTES) {
    throw new GatewayError('invalid_field', `the document is larger than ${MAX_CONFIG_TEXT_BYTES} bytes`);
  }
  const document = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  const error = document.errors[0];
  if (error !== undefined) {
    const where = error.linePos?.[0];
    const at = where === undefined ? '' : ` at line ${where.line}, column ${where.col}`;
    throw new GatewayError('invalid_field', `the document is not valid YAML or JSON${at}: ${error.code}`);
  }
  return document.toJS({ maxAliasCount: 100 });
}

/** `operations[2].draft.name` as the keys `['operations', 2, 'draft', 'name']`. */
function keysOf(path: string): (string | number)[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) =>
    match[2] === undefined ? (match[1] as string) : Number(match[2]),
  );
}

/**
 * The 1-based line of `path` (or of its nearest parent present) in `text`, or undefined when the
 * text does not parse.
 */
export function lineOfPath(text: string, path: string): number | undefined {
  const counter = new LineCounter();
  const document = parseDocument(text, { lineCounter: counter });
  if (document.errors.length > 0) return undefined;
  const keys = keysOf(path);
  for (let length = keys.length; length >= 0; length--) {
    const node = document.getIn(keys.slice(0, length), true) as
      | { range?: [number, number, number] }
      | undefined;
    if (node?.range !== undefined) return counter.linePos(node.range[0]).line;
  }
  return undefined;
}
