import { readFile } from 'node:fs/promises';
import type { Infer, JsonSchema } from '../schema/types.js';
import { SchemaCompiler } from '../validation/compiler.js';
import { ConfigError } from './errors.js';
import type { Environment } from './expand.js';
import { locateConfig } from './locate.js';
import { parseConfigText, sha256Hex } from './parse.js';

/** A loaded, validated configuration. */
export interface LoadedConfig<T> {
  /** The config after `${VAR}` expansion, valid against the schema. */
  config: T;
  /** The file it came from. */
  source: string;
  /** SHA-256 (hex) of the file's raw bytes, before expansion. */
  sha256: string;
}

/** Options of `loadConfig`. */
export interface LoadConfigOptions<S extends JsonSchema> {
  /** The server's name; the tenant file is `$MCPFORGE_TENANT_CONFIG/<serverName>.json`. */
  serverName: string;
  /** Command-line arguments to search for `--config`. Default `process.argv`. */
  argv?: readonly string[] | undefined;
  /** Variables for `${VAR}` and `MCPFORGE_TENANT_CONFIG`. Default `process.env`. */
  env?: Environment | undefined;
  /** JSON Schema the expanded config must match; require secrets with `minLength: 1`. */
  schema: S;
  /** Compiler to use; default a private one whose messages say `config field '...'`. */
  compiler?: SchemaCompiler | undefined;
}

/** Reads one config file: raw text and its hash. */
export async function readConfigFile(source: string): Promise<{ raw: string; sha256: string }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(source);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new ConfigError('ERR_CONFIG_NOT_FOUND', `config ${source}: cannot read (${String(code)})`, {
      source,
      cause: error,
    });
  }
  return { raw: bytes.toString('utf8'), sha256: sha256Hex(bytes) };
}

/**
 * Finds, reads, expands and validates the server's config. The file is the tenant file
 * `$MCPFORGE_TENANT_CONFIG/<serverName>.json` when it exists (primary, the one to live-reload),
 * else the static fallback `--config FILE` (see `locateConfig`).
 * `${VAR}` in string values is replaced from `env` (missing → empty string), so a
 * required secret that is not set fails validation instead of running unconfigured.
 * @throws ConfigError `ERR_CONFIG_NOT_FOUND`, `ERR_CONFIG_PARSE` or `ERR_CONFIG_INVALID`.
 */
export async function loadConfig<S extends JsonSchema, T = Infer<S>>(
  options: LoadConfigOptions<S>,
): Promise<LoadedConfig<T>> {
  const env = options.env ?? process.env;
  const source = locateConfig({
    serverName: options.serverName,
    argv: options.argv ?? process.argv,
    env,
  });
  const compiler = options.compiler ?? new SchemaCompiler({ subject: 'config field' });
  const { raw, sha256 } = await readConfigFile(source);
  const config = parseConfigText(raw, source, options.schema, compiler, env) as T;
  return { config, source, sha256 };
}
