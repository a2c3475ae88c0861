export type { ConfigErrorCode } from './errors.js';
export { ConfigError } from './errors.js';
export type { Environment } from './expand.js';
export { expandVars } from './expand.js';
export type { LoadConfigOptions, LoadedConfig } from './load.js';
export { loadConfig } from './load.js';
export { configFlag, locateConfig, TENANT_CONFIG_ENV } from './locate.js';
export type { ConfigReloaderOptions, ReloaderStats } from './reloader.js';
export { ConfigReloader, DEFAULT_RELOAD_INTERVAL_MS } from './reloader.js';
