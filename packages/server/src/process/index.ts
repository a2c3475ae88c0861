export { ExitCode } from './exit-code.js';
export { FlagError, type FlagErrorCode } from './flag-error.js';
export type { HealthOutput } from './health.js';
export { health } from './health.js';
export {
  DEFAULT_LISTEN_HOST,
  formatListenAddress,
  type ListenAddress,
  type ListenAddressProblem,
  parseListenAddress,
  readListenAddress,
} from './listen-address.js';
export { ListenError, type ListenErrorCode } from './listen-error.js';
export type { Logger, LoggerOptions, LogLevel } from './logger.js';
export { createLogger, DEFAULT_REDACTED_FIELDS, LOG_LEVEL_ENV } from './logger.js';
export { ALLOWED_HOSTS_ENV, type RunFlag, type RunFlags } from './run-flags.js';
