import { type Logger as PinoLogger, pino } from 'pino';

/** A structured JSON logger writing to stderr. */
export type Logger = PinoLogger;

/** Log levels, most to least verbose, plus `silent`. */
export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | 'silent';

const LEVELS: ReadonlySet<string> = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']);

/** Environment variable that sets the level, overriding `level`. */
export const LOG_LEVEL_ENV = 'MCPFORGE_LOG_LEVEL';

/** Field names whose values are replaced by `[redacted]`, at the top level and one level down. */
export const DEFAULT_REDACTED_FIELDS: readonly string[] = [
  'password',
  'passwd',
  'secret',
  'token',
  'accessToken',
  'refreshToken',
  'apiKey',
  'api_key',
  'authorization',
  'Authorization',
  'cookie',
  'clientSecret',
  'client_secret',
  'privateKey',
];

/** Options of `createLogger`. */
export interface LoggerOptions {
  /** The server's name, in every line as `name`. */
  name: string;
  /** Level when `MCPFORGE_LOG_LEVEL` is not set (or not a level). Default `info`. */
  level?: LogLevel | undefined;
  /** Extra redaction paths in pino syntax (`req.headers.x-api-key`, `*.pin`), added to the defaults. */
  redact?: readonly string[] | undefined;
  /** Variables to read `MCPFORGE_LOG_LEVEL` from. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** File descriptor to write to. Default 2 (stderr); stdout belongs to the protocol. */
  fd?: number | undefined;
}

/**
 * A JSON-lines logger on stderr (never stdout: on stdio, stdout carries JSON-RPC).
 * The level is `MCPFORGE_LOG_LEVEL` when set to a valid level, else `options.level`,
 * else `info`. Secret-looking fields (`DEFAULT_REDACTED_FIELDS`, plus `redact`) are
 * written as `[redacted]`. Writes are synchronous so nothing is lost on exit.
 */
export function createLogger(options: LoggerOptions): Logger {
  const env = options.env ?? process.env;
  const fromEnv = env[LOG_LEVEL_ENV]?.trim().toLowerCase();
  const level = fromEnv !== undefined && LEVELS.has(fromEnv) ? fromEnv : (options.level ?? 'info');
  const paths = DEFAULT_REDACTED_FIELDS.flatMap((field) => [field, `*.${field}`]);
  paths.push(...(options.redact ?? []));
  return pino(
    {
      name: options.name,
      level,
      redact: { paths, censor: '[redacted]' },
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    pino.destination({ dest: options.fd ?? 2, sync: true }),
  );
}
