/**
 * Execution of a `tools/call`: a published operation's REST binding becomes one upstream
 * request (undici, a pool per origin and address policy), guarded against SSRF at connect
 * time, read within the operation's timeout and size cap, and mapped to a tool result or a
 * structured tool error.
 * @module
 */
export {
  type AddressClass,
  type AddressPolicy,
  addressClassAllowed,
  classifyAddress,
  STRICT_ADDRESS_POLICY,
} from './address-policy.js';
export { type CallContext, createExecutor, type ExecuteOutcome, type Executor } from './executor.js';
export {
  type AllowListLookup,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_CONNECTIONS_PER_ORIGIN,
  DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
  DEFAULT_MAX_JSON_DEPTH,
  DEFAULT_MAX_TEXT_BYTES,
  type ExecutorLimits,
  type ExecutorOptions,
} from './options.js';
export type { Environment } from './request-headers.js';
export { MAX_RETRY_AFTER_MS } from './retry-after.js';
