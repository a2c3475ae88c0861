import type { JsonRpcMessage } from '../messages.js';

const LINE_SEPARATORS = /[\u2028\u2029]/g;

function escapeSeparator(char: string): string {
  return char === '\u2028' ? '\\u2028' : '\\u2029';
}

/**
 * JSON text of a message with U+2028/U+2029 escaped, without a newline.
 * Both characters can only occur inside JSON strings, so escaping them is lossless
 * and keeps a peer whose line reader splits on them (Node 24 readline) reading one message.
 */
export function stringifyMessage(message: JsonRpcMessage): string {
  const text = JSON.stringify(message);
  // indexOf fails at once on a one-byte string (most JSON), where a regex still scans it.
  return text.indexOf('\u2028') === -1 && text.indexOf('\u2029') === -1
    ? text
    : text.replace(LINE_SEPARATORS, escapeSeparator);
}

/** One framed line: JSON, U+2028/U+2029 escaped, trailing `\n`. */
export function encodeMessage(message: JsonRpcMessage): string {
  return `${stringifyMessage(message)}\n`;
}
