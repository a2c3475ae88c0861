import type { CallToolResult, InvalidArguments, PreparedArguments, ValidationIssue } from '@mcpforge/server';
import { isControlField } from '../approvals/fingerprint.js';
import { createToolError, toolErrorResult } from '../errors/tool-error.js';
import { findUnstorable } from '../store/storable-text.js';

/**
 * The `validate` stage of a gateway `tools/call`, around the toolkit's schema check: what the
 * gateway does to arguments before the tool's `inputSchema` sees them, and the structured error
 * of arguments it refuses (issue 19, points 11 to 13).
 * @module
 */

/**
 * Deepest nesting of a call's arguments (the arguments object is level 1). Deeper values are
 * refused before anything walks them recursively (the approval's canonical JSON, the preview,
 * the upstream body); no tool schema in practice comes near it.
 */
export const MAX_ARGUMENT_DEPTH = 64;

/** Longest argument path quoted in a message (the issue's `path` keeps it whole). */
const MAX_QUOTED_PATH = 80;

function pointer(path: ReadonlyArray<string | number>): string {
  return path.map((key) => String(key).replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
}

function quoted(path: string): string {
  return `'${path.length > MAX_QUOTED_PATH ? `${path.slice(0, MAX_QUOTED_PATH - 1)}…` : path}'`;
}

/**
 * The toolkit's `prepareArguments`: control fields (`_mcpforge_*`, read by the gateway itself)
 * are taken out, so a strict schema (`additionalProperties: false`) accepts a call that carries
 * them and they never reach the upstream, the approval identity or the stored arguments; then
 * arguments holding a NUL or a lone surrogate (in a value or a member name) or nested deeper
 * than {@link MAX_ARGUMENT_DEPTH} are refused, as schema issues are.
 */
export function prepareToolArguments(args: Record<string, unknown>): PreparedArguments {
  const finding = findUnstorable(args, MAX_ARGUMENT_DEPTH);
  if (finding !== undefined) {
    const path = pointer(finding.path);
    const where = path === '' ? 'arguments' : `argument ${quoted(path)}`;
    const issue: ValidationIssue = {
      path,
      rule: finding.kind === 'depth' ? 'depth' : 'text',
      message: `${where}: ${finding.reason}`,
    };
    return { ok: false, issues: [issue] };
  }
  let kept: Record<string, unknown> | undefined;
  for (const name of Object.keys(args)) {
    if (!isControlField(name)) continue;
    kept ??= { ...args };
    delete kept[name];
  }
  return { ok: true, arguments: kept ?? args };
}

/**
 * The `arguments_invalid` tool error for `invalid`, as the toolkit's `onInvalidArguments`: the
 * structured error every gateway tool error carries, its `message` followed by the issues in
 * words (which field fails which rule, what the model needs to fix the call), and `argument`
 * naming the first field at fault.
 */
export function invalidArgumentsResult(
  invalid: InvalidArguments,
  ids: { requestId: string; traceId: string },
): CallToolResult {
  const argument = invalid.issues[0]?.path;
  const error = createToolError('arguments_invalid', {
    ...ids,
    argument: argument === undefined || argument === '' ? undefined : argument,
  });
  return toolErrorResult({ ...error, message: `${error.message} ${invalid.message}` });
}
