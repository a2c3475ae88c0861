import { readFile } from 'node:fs/promises';
import { CliError } from '../cli/cli-error.js';
import type { FlagSpec, FlagValues } from '../cli/flags.js';
import type { CliIo } from '../cli/io.js';
import { AdminClient, adminApiUrl } from './admin-client.js';

/**
 * How the operator commands (`keys`, `workspaces`, `operations`, `agents`) find a running
 * gateway and its admin key. The key comes from the environment or a file, never from a flag
 * value, so it does not land in shell history or in `ps`.
 * @module
 */

/** The gateway's URL when `--url` is not given. */
export const GATEWAY_URL_ENV = 'MCPFORGE_GATEWAY_URL';
/** An admin key's value. */
export const ADMIN_KEY_ENV = 'MCPFORGE_ADMIN_KEY';
/** Where a gateway listens unless told otherwise. */
export const DEFAULT_GATEWAY_URL = 'http://127.0.0.1:8080';

export const ADMIN_FLAGS: readonly FlagSpec[] = [
  {
    name: 'url',
    value: 'URL',
    description: `the running gateway (or ${GATEWAY_URL_ENV}; default ${DEFAULT_GATEWAY_URL}); with a --prefix, http://host:port/PREFIX`,
    example: DEFAULT_GATEWAY_URL,
  },
  {
    name: 'admin-key-file',
    value: 'FILE',
    description: `a file holding the admin key (default: the key in ${ADMIN_KEY_ENV})`,
    example: './admin-key',
  },
];

/** The `--json` switch of a command that prints data. */
export const JSON_FLAG: FlagSpec = { name: 'json', description: 'print the result as one JSON line' };

/** What every admin command's help says about the key. */
export const ADMIN_KEY_HELP = `The gateway is --url (or ${GATEWAY_URL_ENV}, default ${DEFAULT_GATEWAY_URL}). The admin key
is read from ${ADMIN_KEY_ENV} or from the file --admin-key-file names, never from a flag
value (which shell history and ps would keep). serve prints the first admin key when it creates
a database.`;

/** Largest key file read: a key is ~50 characters. */
const MAX_KEY_FILE_BYTES = 4096;

async function readKeyFile(path: string): Promise<string> {
  let text: string;
  try {
    const data = await readFile(path);
    if (data.byteLength > MAX_KEY_FILE_BYTES) {
      throw new CliError(
        'invalid_value',
        `--admin-key-file ${path} is over ${MAX_KEY_FILE_BYTES} bytes: it should hold one key`,
      );
    }
    text = data.toString('utf8');
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(
      'invalid_value',
      `--admin-key-file ${path} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const key = text.trim();
  if (key === '' || /\s/.test(key)) {
    throw new CliError(
      'invalid_value',
      `--admin-key-file ${path} must hold one admin key (mcpf_adm_...) and nothing else`,
    );
  }
  return key;
}

/**
 * The admin client for `flags` (`--url`, `--admin-key-file`) and `io.env`.
 * @throws CliError `invalid_value`, `admin_key_missing`.
 */
export async function adminClientFor(flags: FlagValues, io: CliIo): Promise<AdminClient> {
  const givenUrl = flags['url'];
  const envUrl = io.env[GATEWAY_URL_ENV];
  const baseUrl =
    typeof givenUrl === 'string'
      ? adminApiUrl(givenUrl, '--url')
      : envUrl !== undefined && envUrl.trim() !== ''
        ? adminApiUrl(envUrl.trim(), GATEWAY_URL_ENV)
        : adminApiUrl(DEFAULT_GATEWAY_URL);
  const file = flags['admin-key-file'];
  const envKey = io.env[ADMIN_KEY_ENV]?.trim();
  const adminKey = typeof file === 'string' ? await readKeyFile(file) : envKey;
  if (adminKey === undefined || adminKey === '') {
    throw new CliError(
      'admin_key_missing',
      `an admin key is needed: set ${ADMIN_KEY_ENV} (export ${ADMIN_KEY_ENV}=mcpf_adm_...) or give --admin-key-file FILE; serve prints the first admin key when it creates a database`,
    );
  }
  return new AdminClient({ baseUrl, adminKey, signal: io.signal });
}
