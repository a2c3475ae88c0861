import type { CheckReport, Finding, Severity } from './report.js';

const MARK: Readonly<Record<Severity, string>> = { ok: 'ok   ', warn: 'warn ', error: 'error' };

function line(finding: Finding): string[] {
  const tool = finding.tool === undefined ? '' : `${finding.tool}: `;
  const code = finding.severity === 'ok' ? '' : ` [${finding.code}]`;
  const lines = [`  ${MARK[finding.severity]}  ${finding.check.padEnd(14)} ${tool}${finding.message}${code}`];
  if (finding.fix !== undefined) lines.push(`${' '.repeat(25)}fix: ${finding.fix}`);
  return lines;
}

/** The report for a person: each check with ok/warn/error and the fix of each problem. */
export function renderReport(report: CheckReport): string {
  const server =
    report.server?.name === undefined
      ? ''
      : ` (${report.server.name}${report.server.version === undefined ? '' : ` ${report.server.version}`})`;
  const eras = [
    `legacy: ${report.eras.legacy.length === 0 ? 'no' : report.eras.legacy.join(', ')}`,
    `modern: ${report.eras.modern.length === 0 ? 'no' : report.eras.modern.join(', ')}`,
  ].join('; ');
  const lines = [`mcpforge check ${report.target}${server}`, `  over ${report.transport}; ${eras}`];
  if (report.checkedIn !== undefined) lines.push(`  tools checked in the ${report.checkedIn} era`);
  if (report.catalog !== undefined) {
    const largest = report.catalog.largestTool;
    lines.push(
      `  catalog: ${report.catalog.tools} tool(s), ${report.catalog.bytes} bytes, ~${report.catalog.estimatedTokens} tokens` +
        (largest === undefined ? '' : `, largest ${largest.name} (${largest.bytes} bytes)`),
    );
  }
  lines.push('');
  // Problems first, so the fix is what a person reads first.
  const order: Severity[] = ['error', 'warn', 'ok'];
  for (const severity of order) {
    for (const finding of report.findings.filter((entry) => entry.severity === severity))
      lines.push(...line(finding));
  }
  const { ok, warn, error } = report.counts;
  lines.push(
    '',
    `${error} error(s), ${warn} warning(s), ${ok} ok${error > 0 ? ': a host will run into the errors above' : ''}`,
  );
  return lines.join('\n');
}
