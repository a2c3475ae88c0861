import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './errors.js';
import type { Environment } from './expand.js';

/** Environment variable naming the tenant config directory. */
export const TENANT_CONFIG_ENV = 'MCPFORGE_TENANT_CONFIG';

const SERVER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The value of `--config FILE`, `--config=FILE`, `-config FILE` or `-config=FILE`
 * in `argv` (the last one wins), or `undefined`.
 * @throws ConfigError `ERR_CONFIG_NOT_FOUND` when the flag has no value.
 */
export function configFlag(argv: readonly string[]): string | undefined {
  let found: string | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] as string;
    if (arg === '--config' || arg === '-config') {
      const value = argv[index + 1];
      if (value === undefined || value === '') {
        throw new ConfigError('ERR_CONFIG_NOT_FOUND', `${arg} needs a file name`);
      }
      found = value;
      index += 1;
    } else if (arg.startsWith('--config=') || arg.startsWith('-config=')) {
      const value = arg.slice(arg.indexOf('=') + 1);
      if (value === '') throw new ConfigError('ERR_CONFIG_NOT_FOUND', `${arg} needs a file name`);
      found = value;
    }
  }
  return found;
}

/**
 * Which config file to read (seed 001 §7). The tenant file
 * `$MCPFORGE_TENANT_CONFIG/<serverName>.json` is primary: the platform writes it and edits it live.
 * `--config FILE` is the static fallback, used when there is no tenant file (the variable is
 * unset, or the file does not exist). With the variable set, no tenant file and no flag, the
 * tenant path is returned so that reading it reports what is missing.
 * @throws ConfigError `ERR_CONFIG_NOT_FOUND` when neither is given, or for an unsafe server name.
 */
export function locateConfig(options: {
  serverName: string;
  argv: readonly string[];
  env: Environment;
}): string {
  const flagged = configFlag(options.argv);
  const tenantDir = options.env[TENANT_CONFIG_ENV];
  if (tenantDir !== undefined && tenantDir !== '') {
    if (!SERVER_NAME.test(options.serverName) || options.serverName.includes('..')) {
      throw new ConfigError(
        'ERR_CONFIG_NOT_FOUND',
        `server name '${options.serverName}' cannot name a config file`,
      );
    }
    const tenantFile = join(tenantDir, `${options.serverName}.json`);
    if (flagged === undefined || existsSync(tenantFile)) return tenantFile;
  }
  if (flagged !== undefined) return flagged;
  throw new ConfigError(
    'ERR_CONFIG_NOT_FOUND',
    `no config: pass --config FILE or set ${TENANT_CONFIG_ENV} to a directory holding ${options.serverName}.json`,
  );
}
