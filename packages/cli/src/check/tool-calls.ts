import { randomBytes } from 'node:crypto';
import { type JsonSchema, MetaKey, SchemaCompiler, type Validator } from '@mcpforge/server';
import { ErrorCode } from '@mcpforge/wire';
import { reportBroken } from './handshake.js';
import type { ListedTool } from './list-tools.js';
import type { Findings } from './report.js';
import { brokenArguments, validArguments } from './sample-arguments.js';
import { CALL_TOOL, isSearchMode, searchForTools } from './search-mode.js';
import type { CheckSession } from './session.js';
import { describeOutcome, type RpcOutcome } from './transport.js';

/** Tools called at most by the bad-arguments check: enough to see the pattern, bounded for a large catalog. */
export const MAX_CALLED_TOOLS = 50;

type Schema = Record<string, unknown>;

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a subschema accepts `value`; true when the subschema cannot be compiled on its own. */
export function subschemaCheck(): (schema: Schema, value: unknown) => boolean {
  const compiler = new SchemaCompiler();
  return (schema, value) => {
    try {
      return compiler.compile(schema as JsonSchema)(value).ok;
    } catch {
      return true;
    }
  };
}

/** Top-level arguments a modern HTTP call repeats as `Mcp-Param-*` headers (`x-mcp-header`). */
function headerParams(
  tool: ListedTool,
  args: Record<string, unknown>,
): Record<string, string | number | boolean> {
  const properties = isObject(tool.inputSchema) ? tool.inputSchema['properties'] : undefined;
  const headers: Record<string, string | number | boolean> = {};
  if (!isObject(properties)) return headers;
  for (const [key, property] of Object.entries(properties)) {
    const name = isObject(property) ? property['x-mcp-header'] : undefined;
    const value = args[key];
    if (typeof name !== 'string') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      headers[name] = value;
  }
  return headers;
}

function call(
  session: CheckSession,
  tool: ListedTool & { name: string },
  args: Record<string, unknown>,
  meta?: Record<string, unknown>,
): Promise<RpcOutcome> {
  const params: Record<string, unknown> = { name: tool.name, arguments: args };
  if (meta !== undefined) params['_meta'] = meta;
  return session.request('tools/call', params, { name: tool.name, headerParams: headerParams(tool, args) });
}

function isErrorResult(result: unknown): boolean {
  return isObject(result) && result['isError'] === true;
}

function firstText(result: unknown): string {
  const content = isObject(result) ? result['content'] : undefined;
  const block = Array.isArray(content)
    ? content.find((entry) => isObject(entry) && entry['type'] === 'text')
    : undefined;
  return isObject(block) && typeof block['text'] === 'string' ? block['text'].slice(0, 160) : '';
}

const named = (tool: ListedTool): tool is ListedTool & { name: string } => typeof tool.name === 'string';

/** Tools that declare the probe contract (seed 000). */
export function probeTools(tools: readonly ListedTool[]): Array<ListedTool & { name: string }> {
  return tools
    .filter(named)
    .filter((tool) => isObject(tool['_meta']) && tool['_meta'][MetaKey.supportsPermissionPatterns] === true);
}

/**
 * The probe contract: a probe of a declaring tool with valid arguments answers
 * `{ content: [], _meta: { forge.patterns, forge.always? } }`. An answer with content or
 * without the pattern keys means the handler ran.
 */
export async function checkProbes(
  session: CheckSession,
  tools: readonly ListedTool[],
  validators: ReadonlyMap<string, Validator>,
  findings: Findings,
): Promise<void> {
  const declaring = probeTools(tools);
  if (declaring.length === 0) {
    findings.ok('probe', 'no tool declares forge.supports_permission_patterns (nothing to probe)');
    return;
  }
  const accepts = subschemaCheck();
  const searchMode = isSearchMode(tools);
  for (const tool of declaring) {
    if (searchMode && tool.name === CALL_TOOL) {
      if (!(await probeThroughSearch(session, findings, accepts))) return;
      continue;
    }
    const validator = validators.get(tool.name);
    if (validator === undefined || !isObject(tool.inputSchema)) continue;
    const args = validArguments(tool.inputSchema, accepts);
    if (!validator(args).ok) {
      findings.warn(
        'probe',
        'probe_arguments_not_generated',
        'could not make valid arguments from the input schema, so the probe was not sent',
        'add examples or defaults to the input schema properties (they help models too)',
        tool.name,
      );
      continue;
    }
    const outcome = await call(session, tool, args, { [MetaKey.permissionPatterns]: true });
    if (!judgeProbe(findings, outcome, tool.name)) return;
  }
}

/** Tools found by a search that are probed through `call_tool`: enough to see the contract hold. */
const MAX_SEARCH_PROBES = 3;

/**
 * Search mode: `call_tool` is probed as a host would use it, on tools `search_tools` found and
 * with the `catalog_revision` it answered. False when the server is gone.
 */
async function probeThroughSearch(
  session: CheckSession,
  findings: Findings,
  accepts: (schema: Schema, value: unknown) => boolean,
): Promise<boolean> {
  const search = await searchForTools(session, probeTools);
  if ('reason' in search) {
    if (session.gone !== undefined)
      return !reportBroken(findings, { kind: 'failed', reason: session.gone }, 'search_tools');
    findings.warn(
      'probe',
      'search_found_nothing',
      `search mode: call_tool was not probed (${search.reason})`,
      'nothing to fix if the catalog is small or not in English: call_tool needs the catalog_revision of a search that found the tool',
      CALL_TOOL,
    );
    return true;
  }
  // call_tool passes a probe on to the tool it runs: only tools that declare the contract answer it.
  const probed = probeTools(search.tools).slice(0, MAX_SEARCH_PROBES);
  if (probed.length === 0) {
    findings.ok(
      'probe',
      `search mode: the ${search.tools.length} tool(s) search_tools found (${search.query}) declare no forge.supports_permission_patterns, so none was probed through call_tool`,
      CALL_TOOL,
    );
    return true;
  }
  for (const tool of probed) {
    const args = isObject(tool.inputSchema) ? validArguments(tool.inputSchema, accepts) : {};
    const outcome = await call(
      session,
      { name: CALL_TOOL, inputSchema: {} },
      { name: tool.name, arguments: args, catalog_revision: search.revision },
      { [MetaKey.permissionPatterns]: true },
    );
    if (!judgeProbe(findings, outcome, `${CALL_TOOL} → ${tool.name}`)) return false;
  }
  return true;
}

/** Reports one probe's answer; false when the server is gone. */
function judgeProbe(findings: Findings, outcome: RpcOutcome, toolLabel: string): boolean {
  if (reportBroken(findings, outcome, `probe of ${toolLabel}`)) return false;
  if (outcome.kind === 'error' || isErrorResult(outcome.kind === 'result' ? outcome.result : undefined)) {
    const said =
      outcome.kind === 'error'
        ? describeOutcome(outcome)
        : `an isError result ("${firstText(outcome.kind === 'result' ? outcome.result : undefined)}")`;
    findings.error(
      'probe',
      'probe_refused',
      `a probe with valid arguments got ${said} instead of the patterns`,
      'answer a call whose _meta has "forge.permission_patterns": true with { content: [], _meta: { "forge.patterns": [...], "forge.always": [...] } }, before the handler',
      toolLabel,
    );
    return true;
  }
  const result = outcome.kind === 'result' ? outcome.result : undefined;
  const meta = isObject(result) ? result['_meta'] : undefined;
  const patterns = isObject(meta) ? meta[MetaKey.patterns] : undefined;
  const always = isObject(meta) ? meta[MetaKey.always] : undefined;
  const content = isObject(result) ? result['content'] : undefined;
  const strings = (value: unknown) =>
    Array.isArray(value) && value.every((entry) => typeof entry === 'string');
  const shaped = strings(patterns) && (always === undefined || strings(always));
  if (!shaped || !Array.isArray(content) || content.length > 0) {
    findings.error(
      'probe',
      'probe_handler_ran',
      `the probe was answered like a normal call (${shaped ? 'with content' : 'no forge.patterns'}): the handler ran, and a host asking for permission just performed the action`,
      'check _meta["forge.permission_patterns"] === true before running the handler and return only the patterns (server.patternTool does this)',
      toolLabel,
    );
    return true;
  }
  findings.ok(
    'probe',
    `probe answered with ${(patterns as string[]).length} pattern(s), no content`,
    toolLabel,
  );
  return true;
}

/** A tool name no server has: the unknown-tool check calls it. */
export function unknownToolName(): string {
  return `mcpforge_check_no_such_tool_${randomBytes(4).toString('hex')}`;
}

/** An unknown tool: -32602 (the current spec), an isError result (older SDKs), never a success. */
export async function checkUnknownTool(session: CheckSession, findings: Findings): Promise<void> {
  const name = unknownToolName();
  const outcome = await call(session, { name, inputSchema: {} }, {});
  if (reportBroken(findings, outcome, `tools/call of the unknown tool ${name}`)) return;
  if (outcome.kind === 'error') {
    if (outcome.code === ErrorCode.InvalidParams) {
      findings.ok(
        'unknown-tool',
        `an unknown tool is answered with -32602 (${outcome.message.slice(0, 80)})`,
      );
      return;
    }
    findings.warn(
      'unknown-tool',
      'unknown_tool_wrong_code',
      `an unknown tool is answered with ${describeOutcome(outcome)}`,
      'answer an unknown tool with -32602 "Unknown tool: <name>"',
    );
    return;
  }
  if (isErrorResult(outcome.result)) {
    findings.warn(
      'unknown-tool',
      'unknown_tool_is_error_result',
      `an unknown tool is answered with an isError result ("${firstText(outcome.result)}"); hosts cope, the current spec says -32602`,
      'answer an unknown tool with the JSON-RPC error -32602 "Unknown tool: <name>"',
    );
    return;
  }
  findings.error(
    'unknown-tool',
    'unknown_tool_succeeded',
    `an unknown tool (${name}) was answered with a successful result`,
    'answer an unknown tool with -32602 "Unknown tool: <name>"',
  );
}

/** Arguments that break the schema: an isError result or -32602, never a success or a crash. */
export async function checkBadArguments(
  session: CheckSession,
  tools: readonly ListedTool[],
  validators: ReadonlyMap<string, Validator>,
  findings: Findings,
): Promise<void> {
  const accepts = subschemaCheck();
  let refused = 0;
  let called = 0;
  let problems = 0;
  for (const tool of tools.filter(named)) {
    const validator = validators.get(tool.name);
    if (validator === undefined || !isObject(tool.inputSchema)) continue;
    if (called >= MAX_CALLED_TOOLS) {
      findings.warn(
        'bad-arguments',
        'calls_skipped',
        `only the first ${MAX_CALLED_TOOLS} tools were called with bad arguments`,
        'nothing to fix: the check stops there to stay quick on a large catalog',
      );
      break;
    }
    const broken = brokenArguments(tool.inputSchema, accepts);
    if (broken === undefined || validator(broken.arguments).ok) continue;
    called++;
    const outcome = await call(session, tool, broken.arguments);
    if (reportBroken(findings, outcome, `tools/call of ${tool.name} with bad arguments (${broken.breaks})`))
      return;
    if (
      (outcome.kind === 'error' && outcome.code === ErrorCode.InvalidParams) ||
      (outcome.kind === 'result' && isErrorResult(outcome.result))
    ) {
      refused++;
      continue;
    }
    problems++;
    if (outcome.kind === 'result') {
      findings.error(
        'bad-arguments',
        'bad_arguments_accepted',
        `arguments breaking the input schema (${broken.breaks}) were accepted: the handler ran with them`,
        'validate arguments against the input schema before the handler and answer an isError result naming the field (@mcpforge/server does)',
        tool.name,
      );
    } else if (outcome.code === ErrorCode.InternalError) {
      findings.error(
        'bad-arguments',
        'bad_arguments_crash',
        `arguments breaking the input schema (${broken.breaks}) made an internal error (-32603)`,
        'validate arguments before the handler and answer an isError result naming the field',
        tool.name,
      );
    } else {
      findings.warn(
        'bad-arguments',
        'bad_arguments_wrong_code',
        `arguments breaking the input schema (${broken.breaks}) got ${describeOutcome(outcome)}`,
        'answer an isError result naming the field (or -32602), so the model can correct the call',
        tool.name,
      );
    }
  }
  if (problems === 0)
    findings.ok(
      'bad-arguments',
      `${refused} of ${called} tool(s) called with bad arguments refused them correctly`,
    );
}
