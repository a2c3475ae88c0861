import { createHash } from 'node:crypto';
import type { JsonSchema } from '../schema/types.js';
import type { SchemaCompiler } from '../validation/compiler.js';
import { describeIssues } from '../validation/issues.js';
import { ConfigError } from './errors.js';
import { type Environment, expandInValues } from './expand.js';

/** SHA-256 of the raw file content, hex. */
export function sha256Hex(raw: string | Uint8Array): string {
  return createHash('sha256').update(raw).digest('hex');
}

function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}

/** Where and why `JSON.parse` failed, without echoing the file's content. */
function describeJsonError(raw: string, error: Error): string {
  const message = error.message;
  const position = /at position (\d+)/.exec(message);
  if (position?.[1] !== undefined) {
    const reason = message.replace(/ in JSON at position \d+.*$/s, '');
    return `${reason} at ${lineAndColumn(raw, Number(position[1]))}`;
  }
  if (/Unexpected end of JSON input/.test(message)) {
    return `unexpected end of input at ${lineAndColumn(raw, raw.length)}`;
  }
  const token = /^Unexpected token '(.+?)'/.exec(message)?.[1];
  if (token !== undefined) {
    const index = raw.indexOf(token);
    return index >= 0
      ? `unexpected token '${token}' near ${lineAndColumn(raw, index)}`
      : `unexpected token '${token}'`;
  }
  return message.split(',')[0] ?? message;
}

/**
 * Parses raw config text (JSON), expands `${VAR}` in string values, and validates
 * the result against `schema`.
 * @throws ConfigError `ERR_CONFIG_PARSE` or `ERR_CONFIG_INVALID`, naming `source`.
 */
export function parseConfigText(
  raw: string,
  source: string,
  schema: JsonSchema,
  compiler: SchemaCompiler,
  env: Environment,
): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw);
  } catch (error) {
    const reason = describeJsonError(raw, error as Error);
    throw new ConfigError('ERR_CONFIG_PARSE', `config ${source}: invalid JSON: ${reason}`, { source });
  }
  const config = expandInValues(parsed, env);
  const outcome = compiler.compile(schema)(config);
  if (!outcome.ok) {
    throw new ConfigError('ERR_CONFIG_INVALID', `config ${source}: ${describeIssues(outcome.issues)}`, {
      source,
      issues: outcome.issues,
    });
  }
  return config;
}
