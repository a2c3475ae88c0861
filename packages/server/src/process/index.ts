export type { HealthOutput } from './health.js';
export { health } from './health.js';
export type { Logger, LoggerOptions, LogLevel } from './logger.js';
export { createLogger, DEFAULT_REDACTED_FIELDS, LOG_LEVEL_ENV } from './logger.js';
