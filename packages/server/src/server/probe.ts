import { MetaKey } from '../protocol/index.js';
import type { CallToolResult } from '../results/index.js';
import type { HandlerContext } from './context.js';
import type { ToolHandler } from './handlers.js';

/** Canonical permission patterns of one call (seed 000 probe contract). */
export interface PermissionPatterns {
  /** Patterns that depend on the arguments, e.g. `write:a.txt`. */
  patterns: string[];
  /** Patterns that always apply to this tool. */
  always?: string[] | undefined;
}

/** Fixed patterns, or patterns computed from the (validated) arguments without side effects. */
export type PermissionPatternsSource<A = Record<string, unknown>> =
  | PermissionPatterns
  | ((args: A) => PermissionPatterns | Promise<PermissionPatterns>);

/**
 * True when a `tools/call` is a probe: `_meta["forge.permission_patterns"] === true`.
 * Accepts a JSON-RPC request, its params, or the `_meta` object itself.
 */
export function isProbe(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  if (record[MetaKey.permissionPatterns] === true) return true;
  const meta = record['_meta'];
  if (typeof meta === 'object' && meta !== null)
    return (meta as Record<string, unknown>)[MetaKey.permissionPatterns] === true;
  const params = record['params'];
  return params !== undefined && params !== value && isProbe(params);
}

/** The probe answer: no content, the patterns in `_meta`. */
export function probeResult(patterns: PermissionPatterns): CallToolResult {
  return {
    content: [],
    _meta: { [MetaKey.patterns]: [...patterns.patterns], [MetaKey.always]: [...(patterns.always ?? [])] },
  };
}

/** Resolves a patterns source for `args`; sync when the source is. */
export function resolvePatterns<A>(
  source: PermissionPatternsSource<A>,
  args: A,
): CallToolResult | Promise<CallToolResult> {
  if (typeof source !== 'function') return probeResult(source);
  const computed = source(args);
  return computed instanceof Promise ? computed.then(probeResult) : probeResult(computed);
}

/**
 * Wraps a handler so a probe call returns the patterns and never runs it. `server.patternTool`
 * does this for you (and also marks the tool); use this when registering by other means.
 */
export function wrapProbe<A>(handler: ToolHandler<A>, patterns: PermissionPatternsSource<A>): ToolHandler<A> {
  return (args: A, ctx: HandlerContext) =>
    isProbe(ctx.meta) ? resolvePatterns(patterns, args) : handler(args, ctx);
}
