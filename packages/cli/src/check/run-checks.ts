import { LATEST_MODERN_PROTOCOL_VERSION } from '@mcpforge/server';
import { catalogSize, checkQuality } from './catalog.js';
import { CHECKED_LEGACY_VERSIONS, legacyHandshake, modernHandshake, type ServerInfo } from './handshake.js';
import { listAllTools } from './list-tools.js';
import { type CheckReport, Findings } from './report.js';
import type { CheckSession } from './session.js';
import { checkBadArguments, checkProbes, checkUnknownTool } from './tool-calls.js';
import { checkToolNames } from './tool-names.js';
import { checkToolSchemas } from './tool-schemas.js';
import type { McpTransport, TransportFactory } from './transport.js';

/** What to check and how. */
export interface CheckTarget {
  /** The command line or URL, for the report. */
  label: string;
  transport: 'stdio' | 'http';
  /** Opens a fresh connection (a process, an HTTP session). */
  open: TransportFactory;
  /** Per step. */
  timeoutMs: number;
  /** A line of progress for a person. */
  progress?: ((line: string) => void) | undefined;
  /** The era the tool checks run in; default: legacy when it works, else modern. */
  era?: 'legacy' | 'modern' | undefined;
  /** Aborted (SIGINT): every connection closes at once, so the check ends with what it has. */
  signal?: AbortSignal | undefined;
}

/**
 * Every check against one server: both eras' handshakes, then tools/list, names, schemas,
 * descriptions and size, then the calls (probe, unknown tool, bad arguments) in the era that
 * worked (legacy first). Every connection it opened is closed (every child killed) when it returns.
 */
export async function runChecks(target: CheckTarget): Promise<CheckReport> {
  const findings = new Findings();
  const opened: McpTransport[] = [];
  const open = (): McpTransport => {
    const transport = target.open();
    opened.push(transport);
    if (target.signal?.aborted === true) void transport.close();
    return transport;
  };
  const stop = () => {
    for (const transport of opened) void transport.close();
  };
  target.signal?.addEventListener('abort', stop, { once: true });
  const progress = target.progress ?? (() => undefined);
  const report: CheckReport = {
    target: target.label,
    transport: target.transport,
    eras: { legacy: [], modern: [] },
    findings: findings.list,
    counts: { ok: 0, warn: 0, error: 0 },
  };
  try {
    progress('handshakes');
    const main = open();
    const [newest, ...older] = CHECKED_LEGACY_VERSIONS;
    let server: ServerInfo | undefined;
    // As a dual-era client does: server/discover first, then initialize on the same connection
    // (modern requests need no handshake, so both eras share it).
    const modernTry = await modernHandshake(main, target.timeoutMs, findings);
    const modern = typeof modernTry === 'object' ? modernTry : undefined;
    if (modern !== undefined) {
      report.eras.modern.push(LATEST_MODERN_PROTOCOL_VERSION);
      server = modern.server;
    }
    const legacyTry =
      modernTry === 'broken' ? 'broken' : await legacyHandshake(main, newest, target.timeoutMs, findings);
    const legacy = typeof legacyTry === 'object' ? legacyTry : undefined;
    if (legacy !== undefined) {
      report.eras.legacy.push(newest);
      server = legacy.server ?? server;
    }
    // A server that died or hung is reported once, not again by every further handshake.
    if (legacyTry !== 'broken') {
      for (const version of older) {
        if (typeof (await legacyHandshake(open(), version, target.timeoutMs, findings)) === 'object') {
          report.eras.legacy.push(version);
        }
      }
    }
    if (server !== undefined) report.server = server;
    const session: CheckSession | undefined =
      target.era === 'modern'
        ? modern?.session
        : target.era === 'legacy'
          ? legacy?.session
          : (legacy?.session ?? modern?.session);
    if (session === undefined || session.gone !== undefined) {
      if (target.era !== undefined && (legacy ?? modern) !== undefined) {
        findings.error(
          'handshake',
          'no_era_supported',
          `the server does not speak the ${target.era} era asked for with --era`,
          `leave --era out, or give the other era`,
        );
      } else if (!findings.list.some((finding) => finding.severity === 'error')) {
        findings.error(
          'handshake',
          'no_era_supported',
          'neither initialize nor server/discover worked: no host can use this server',
          'serve MCP over this transport: answer initialize (legacy hosts) and/or server/discover (2026-07-28)',
        );
      }
      return report;
    }
    report.checkedIn = session.era;
    await checkTools(session, findings, report, progress);
  } finally {
    target.signal?.removeEventListener('abort', stop);
    await Promise.all(opened.map((transport) => transport.close()));
    // Each connection to the same server says the same: one finding per distinct problem.
    const problems = new Set(opened.flatMap((transport) => transport.problems()));
    for (const problem of problems) {
      if (target.transport === 'stdio') {
        findings.error(
          'transport',
          'stdout_not_mcp',
          problem,
          'write only MCP messages (one JSON-RPC message a line) on stdout; logs go to stderr',
        );
      } else {
        findings.error(
          'transport',
          'http_not_mcp',
          problem,
          'answer a POSTed notification with 202 Accepted and no body (Streamable HTTP)',
        );
      }
    }
    report.counts = findings.counts();
  }
  return report;
}

async function checkTools(
  session: CheckSession,
  findings: Findings,
  report: CheckReport,
  progress: (line: string) => void,
): Promise<void> {
  progress('tools/list');
  const tools = await listAllTools(session, findings);
  if (tools === undefined) return;
  checkToolNames(tools, findings);
  const validators = checkToolSchemas(tools, findings);
  checkQuality(tools, findings);
  report.catalog = catalogSize(tools, findings);
  progress('probe');
  await checkProbes(session, tools, validators, findings);
  if (session.gone !== undefined) return;
  progress('unknown tool');
  await checkUnknownTool(session, findings);
  if (session.gone !== undefined) return;
  progress('bad arguments');
  await checkBadArguments(session, tools, validators, findings);
}
