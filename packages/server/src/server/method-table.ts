import { McpErrorCode, Method } from '../protocol/index.js';
import { complete } from './completion.js';
import { initialize, ping, setLogLevel } from './initialize.js';
import type { ListPages } from './list-pages.js';
import { listen } from './listen.js';
import { getPrompt } from './prompt-get.js';
import type { RequestOrigin } from './request-origin.js';
import { readResource } from './resource-read.js';
import { subscribe, unsubscribe } from './resource-subscriptions.js';
import { type DispatchResult, failure, methodNotFound, success } from './responses.js';
import type { ServerCore } from './server-core.js';
import { callTool } from './tool-call.js';

/** One built-in method's work, given where the request comes from; `origin.era` shapes the result. */
export type MethodStep = (core: ServerCore, origin: RequestOrigin, params: unknown) => DispatchResult;

/** A built-in method: its step in each era that has it (undefined: not part of that era). */
export interface BuiltInMethod {
  readonly legacy: MethodStep | undefined;
  readonly modern: MethodStep | undefined;
  /** Legacy: answered before `initialize` (the handshake itself and `ping`). */
  readonly beforeInitialize: boolean;
}

/** A method both eras serve with the same step. */
function bothEras(step: MethodStep): BuiltInMethod {
  return { legacy: step, modern: step, beforeInitialize: false };
}

/** A method 2026-07-28 removed: its replacements are per-request `_meta` and `subscriptions/listen`. */
function legacyOnly(step: MethodStep, beforeInitialize = false): BuiltInMethod {
  return { legacy: step, modern: undefined, beforeInitialize };
}

/** A method 2026-07-28 added. */
function modernOnly(step: MethodStep): BuiltInMethod {
  return { legacy: undefined, modern: step, beforeInitialize: false };
}

/** A list method: the page at `params.cursor`, or the pager's -32602 for a bad cursor. */
function listStep(pagesOf: (core: ServerCore) => ListPages): MethodStep {
  return (core, origin, params) => {
    const cursor = (params as { cursor?: unknown } | undefined)?.cursor;
    try {
      return success(origin.id, pagesOf(core).page(cursor, origin.era));
    } catch (error) {
      const { code, message } = error as { code: number; message: string };
      return failure(origin.id, typeof code === 'number' ? code : McpErrorCode.InvalidParams, message);
    }
  };
}

/** `completion/complete` exists only while the server declares `completions` (a completer is registered). */
function completeWhenDeclared(core: ServerCore, origin: RequestOrigin, params: unknown): DispatchResult {
  if (core.capabilities(origin.era).completions === undefined)
    return methodNotFound(origin.id, Method.complete);
  return complete(core, origin, params);
}

function discover(core: ServerCore, origin: RequestOrigin): DispatchResult {
  return success(origin.id, core.discover());
}

/**
 * Every method the runtime answers itself, with one step shared by the eras that have it. The era
 * differences are named here (which era has a method, what legacy answers before `initialize`)
 * and in each step's reading of `origin.era`; the dispatcher only picks the era's step.
 */
export const METHOD_TABLE: ReadonlyMap<string, BuiltInMethod> = new Map([
  [Method.toolsCall, bothEras(callTool)],
  [Method.toolsList, bothEras(listStep((core) => core.toolPages))],
  [Method.resourcesRead, bothEras(readResource)],
  [Method.resourcesList, bothEras(listStep((core) => core.resourcePages))],
  [Method.resourceTemplatesList, bothEras(listStep((core) => core.templatePages))],
  [Method.promptsList, bothEras(listStep((core) => core.promptPages))],
  [Method.promptsGet, bothEras(getPrompt)],
  [Method.complete, bothEras(completeWhenDeclared)],
  [Method.initialize, legacyOnly(initialize, true)],
  [Method.ping, legacyOnly(ping, true)],
  [Method.resourcesSubscribe, legacyOnly(subscribe)],
  [Method.resourcesUnsubscribe, legacyOnly(unsubscribe)],
  [Method.loggingSetLevel, legacyOnly(setLogLevel)],
  [Method.discover, modernOnly(discover)],
  [Method.subscriptionsListen, modernOnly(listen)],
]);

/** Every method the runtime answers itself, in either era: `server.method()` cannot take these. */
export const BUILT_IN_METHODS: ReadonlySet<string> = new Set(METHOD_TABLE.keys());
