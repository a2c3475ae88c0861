import { AsyncLocalStorage } from 'node:async_hooks';
import type { VerifiedKey } from '../keys/key-verifier.js';
import type { AgentEndpoint } from './agent-endpoint.js';

/**
 * What one HTTP request to an agent endpoint carries through the toolkit to the gateway's tool
 * handler: the toolkit's handler context knows nothing of HTTP, so the listener opens this
 * scope around the request and `authenticate` fills in the key and the agent.
 */
export interface RequestScope {
  readonly requestId: string;
  /** W3C trace id, 32 hex digits. */
  readonly traceId: string;
  readonly workspace: string;
  readonly agent: string;
  /** Set by `authenticate`. */
  key: VerifiedKey | undefined;
  /** Set by `authenticate`: the agent's endpoint at its current catalog. */
  endpoint: AgentEndpoint | undefined;
  /** Set by the tool handler: the structured error code of a failed call. */
  errorCode: string | undefined;
}

/** The request scope of the code running now. */
export const requestScope = new AsyncLocalStorage<RequestScope>();
