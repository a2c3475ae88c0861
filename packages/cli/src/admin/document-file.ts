import { readFile } from 'node:fs/promises';
import { parseConfigText } from '@mcpforge/gateway/config';
import { CliError } from '../cli/cli-error.js';

/**
 * A JSON or YAML file an operator command reads (a draft, a configuration document), with a
 * size cap and errors that name the file and what to fix.
 * @module
 */

/** Largest file read: a whole workspace of a large API is a few MB. */
const MAX_FILE_BYTES = 32 * 1024 * 1024;

/** The file's text. @throws CliError `invalid_value`. */
export async function readDocumentText(path: string, flag: string): Promise<string> {
  let data: Buffer;
  try {
    data = await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : (code ?? (error as Error).message);
    throw new CliError('invalid_value', `${flag} ${path} cannot be read: ${why}`);
  }
  if (data.byteLength > MAX_FILE_BYTES) {
    throw new CliError('invalid_value', `${flag} ${path} is over ${MAX_FILE_BYTES} bytes`);
  }
  return data.toString('utf8');
}

/** The value of a JSON or YAML file. @throws CliError `invalid_value` naming the line of a syntax error. */
export async function readDocumentFile(
  path: string,
  flag: string,
): Promise<{ text: string; value: unknown }> {
  const text = await readDocumentText(path, flag);
  try {
    return { text, value: parseConfigText(text) };
  } catch (error) {
    throw new CliError('invalid_value', `${flag} ${path}: ${(error as Error).message}`);
  }
}
