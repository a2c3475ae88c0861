/**
 * The report of `mcpforge check`: one finding per thing checked, each ok, warn or error,
 * with the fix for a problem; the catalog's size; counts that decide the exit code.
 * @module
 */

export type Severity = 'ok' | 'warn' | 'error';

/** The checks, in report order. */
export type CheckName =
  | 'transport'
  | 'handshake'
  | 'tools/list'
  | 'names'
  | 'schemas'
  | 'quality'
  | 'catalog'
  | 'probe'
  | 'unknown-tool'
  | 'bad-arguments';

/** Every problem a check can report, by name (a script or a test matches these). */
export type FindingCode =
  | 'ok'
  | 'server_unreachable'
  | 'server_crashed'
  | 'unauthorized'
  | 'step_timeout'
  | 'stdout_not_mcp'
  | 'http_not_mcp'
  | 'legacy_handshake_failed'
  | 'legacy_version_not_echoed'
  | 'initialized_refused'
  | 'modern_not_supported'
  | 'modern_discover_invalid'
  | 'no_era_supported'
  | 'tools_list_failed'
  | 'tools_list_invalid'
  | 'tools_list_cursor_loop'
  | 'tool_name_invalid'
  | 'tool_name_long'
  | 'tool_name_duplicate'
  | 'input_schema_missing'
  | 'input_schema_not_object'
  | 'schema_properties_missing'
  | 'schema_does_not_compile'
  | 'additional_properties_missing'
  | 'output_schema_invalid'
  | 'description_missing'
  | 'description_short'
  | 'parameter_description_missing'
  | 'catalog_too_many_tools'
  | 'probe_handler_ran'
  | 'probe_refused'
  | 'probe_arguments_not_generated'
  | 'search_found_nothing'
  | 'unknown_tool_succeeded'
  | 'unknown_tool_is_error_result'
  | 'unknown_tool_wrong_code'
  | 'bad_arguments_accepted'
  | 'bad_arguments_crash'
  | 'bad_arguments_wrong_code'
  | 'bad_arguments_not_generated'
  | 'calls_skipped';

export interface Finding {
  check: CheckName;
  severity: Severity;
  code: FindingCode;
  /** What was found, one line. */
  message: string;
  /** What to change so a host works (problems only). */
  fix?: string | undefined;
  /** The tool the finding is about. */
  tool?: string | undefined;
}

/** The catalog as a host pays for it on every turn. */
export interface CatalogSize {
  tools: number;
  /** Bytes of the compact JSON of `{ tools }` (all pages). */
  bytes: number;
  /** `ceil(bytes / 3)`: a rough count for English and JSON. */
  estimatedTokens: number;
  largestTool?: { name: string; bytes: number } | undefined;
}

export interface CheckReport {
  /** The command or URL checked. */
  target: string;
  transport: 'stdio' | 'http';
  /** Which handshakes worked. */
  eras: { legacy: string[]; modern: string[] };
  /** The era the tool checks ran in. */
  checkedIn?: 'legacy' | 'modern' | undefined;
  server?: { name?: string | undefined; version?: string | undefined } | undefined;
  catalog?: CatalogSize | undefined;
  findings: Finding[];
  counts: Record<Severity, number>;
}

/** Collects findings in order. */
export class Findings {
  readonly list: Finding[] = [];

  ok(check: CheckName, message: string, tool?: string): void {
    this.list.push({ check, severity: 'ok', code: 'ok', message, ...(tool === undefined ? {} : { tool }) });
  }

  warn(check: CheckName, code: FindingCode, message: string, fix: string, tool?: string): void {
    this.#problem('warn', check, code, message, fix, tool);
  }

  error(check: CheckName, code: FindingCode, message: string, fix: string, tool?: string): void {
    this.#problem('error', check, code, message, fix, tool);
  }

  #problem(
    severity: Severity,
    check: CheckName,
    code: FindingCode,
    message: string,
    fix: string,
    tool: string | undefined,
  ): void {
    this.list.push({ check, severity, code, message, fix, ...(tool === undefined ? {} : { tool }) });
  }

  counts(): Record<Severity, number> {
    const counts = { ok: 0, warn: 0, error: 0 };
    for (const finding of this.list) counts[finding.severity] += 1;
    return counts;
  }
}

/** `ceil(bytes / 3)`. */
export function estimateTokens(bytes: number): number {
  return Math.ceil(bytes / 3);
}
