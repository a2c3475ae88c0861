import type { JsonRpcId } from '@mcpforge/wire';
import type { ClientCapabilities, Era, Meta } from '../protocol/index.js';
import { RequestContext } from './context.js';
import type { Session } from './session.js';

/**
 * Where a request comes from and what was negotiated for it: everything a method needs besides
 * its params. The dispatcher builds one per request, for either era.
 */
export interface RequestOrigin {
  readonly session: Session;
  readonly id: JsonRpcId;
  readonly era: Era;
  readonly protocolVersion: string;
  readonly clientCapabilities: ClientCapabilities;
}

/** `params` as an object; absent or not an object reads as `{}` (each method checks its fields). */
export function paramsObject(params: unknown): Record<string, unknown> {
  return (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
}

/** The handler context of a request from `origin`, with the request's `_meta`. */
export function contextFor(origin: RequestOrigin, request: Record<string, unknown>): RequestContext {
  return new RequestContext(
    origin.session,
    origin.id,
    origin.era,
    origin.protocolVersion,
    origin.clientCapabilities,
    request['_meta'] as Meta | undefined,
  );
}
