import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckReport, Finding } from '../check/report.js';
import { CliError } from '../cli/cli-error.js';
import { fakeIo } from '../test-support/fake-io.js';
import { render, run } from './check.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const example = (name: string) => join(root, 'examples', name, 'dist', 'main.js');
const BROKEN = fileURLToPath(new URL('../check/test-fixtures/broken-server.mjs', import.meta.url));
const node = process.execPath;
const scratch = mkdtempSync(join(tmpdir(), 'mcpforge-check-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function check(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ report: CheckReport; exitCode: number }> {
  const output = await run(args, fakeIo({ ...process.env, ...env }));
  return { report: output.result as CheckReport, exitCode: output.exitCode };
}

const errors = (report: CheckReport): Finding[] =>
  report.findings.filter((finding) => finding.severity === 'error');
const has = (report: CheckReport, code: string, tool?: string): boolean =>
  report.findings.some((finding) => finding.code === code && (tool === undefined || finding.tool === tool));

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('mcpforge check against our examples over stdio (clean)', () => {
  it('hello-tool: both eras, no error, exit 0', async () => {
    const { report, exitCode } = await check(['--', node, example('hello-tool')]);
    expect(errors(report)).toEqual([]);
    expect(exitCode).toBe(0);
    expect(report.eras).toEqual({ legacy: ['2025-11-25', '2025-06-18'], modern: ['2026-07-28'] });
    expect(report.catalog?.tools).toBe(2);
    expect(report.catalog?.estimatedTokens).toBe(Math.ceil((report.catalog?.bytes ?? 0) / 3));
    expect(report.findings.find((finding) => finding.check === 'unknown-tool')?.message).toMatch(/-32602/);
  }, 60_000);

  it('library as an editor: the probe of library.create_draft answers patterns only', async () => {
    const { report, exitCode } = await check(
      [
        '--timeout-ms',
        '60000',
        node,
        example('library'),
        '--config',
        join(root, 'examples/library/config/editor.json'),
      ],
      {
        LIBRARY_APPROVAL_KEY: 'a long random secret for the check',
        LIBRARY_DATA_DIR: join(scratch, 'library'),
      },
    );
    expect(errors(report)).toEqual([]);
    expect(exitCode).toBe(0);
    const probe = report.findings.find(
      (finding) => finding.check === 'probe' && finding.tool === 'library.create_draft',
    );
    expect(probe?.severity).toBe('ok');
  }, 120_000);

  it('everything: no error across its 35 tools; bad arguments refused', async () => {
    const { report, exitCode } = await check([node, example('everything')]);
    expect(errors(report)).toEqual([]);
    expect(exitCode).toBe(0);
    expect(report.findings.find((finding) => finding.check === 'bad-arguments')?.severity).toBe('ok');
  }, 60_000);
});

describe('mcpforge check over Streamable HTTP', () => {
  let server: ChildProcess;
  let url: string;
  beforeAll(async () => {
    server = spawn(node, [example('everything'), '--http', '127.0.0.1:0'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    url = await new Promise<string>((resolve, reject) => {
      let log = '';
      server.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        log += chunk;
        const found = /"url":"(http:[^"]+)"/.exec(log);
        if (found?.[1] !== undefined) resolve(found[1]);
      });
      server.once('exit', () => reject(new Error(`everything exited: ${log}`)));
    });
  }, 30_000);
  afterAll(() => {
    server.kill('SIGKILL');
  });

  it('everything over --url: both eras, no error', async () => {
    const { report, exitCode } = await check(['--url', url, '--header', 'X-Check: yes']);
    expect(errors(report)).toEqual([]);
    expect(exitCode).toBe(0);
    expect(report.transport).toBe('http');
    expect(report.eras.modern).toEqual(['2026-07-28']);
    expect(report.eras.legacy).toEqual(['2025-11-25', '2025-06-18']);
  }, 60_000);

  it('everything over --url --era modern: the calls carry the routing headers (Mcp-Name, Mcp-Param-*)', async () => {
    const { report, exitCode } = await check(['--url', url, '--era', 'modern']);
    expect(errors(report)).toEqual([]);
    expect(exitCode).toBe(0);
    expect(report.checkedIn).toBe('modern');
    // test_custom_headers declares x-mcp-header: a call without its header would be refused with -32020.
    expect(has(report, 'bad_arguments_wrong_code')).toBe(false);
    expect(report.findings.find((finding) => finding.check === 'bad-arguments')?.severity).toBe('ok');
  }, 60_000);

  it('a server that wants credentials: unauthorized, with the --header fix', async () => {
    const guarded = createServer((_request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"a key is required"}');
    });
    await new Promise<void>((resolve) => guarded.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = guarded.address() as AddressInfo;
      const { report, exitCode } = await check(['--url', `http://127.0.0.1:${port}/mcp`]);
      expect(exitCode).toBe(1);
      const refused = report.findings.find((finding) => finding.code === 'unauthorized');
      expect(refused?.fix).toMatch(/--header 'Authorization: Bearer/);
      // Reported once: the other handshakes are not tried against a server that refused.
      expect(report.findings.filter((finding) => finding.severity === 'error')).toHaveLength(1);
    } finally {
      guarded.close();
    }
  }, 30_000);

  it('a URL where nothing listens is an error, not a hang', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const { report, exitCode } = await check([
      '--url',
      `http://127.0.0.1:${port}/mcp`,
      '--timeout-ms',
      '2000',
    ]);
    expect(exitCode).toBe(1);
    // Issue 22, point 6: not 'server_crashed' with "keep serving after each request".
    expect(has(report, 'server_crashed')).toBe(false);
    const unreachable = report.findings.find((finding) => finding.code === 'server_unreachable');
    expect(unreachable?.message).toContain(`nothing answers at http://127.0.0.1:${port}/mcp (ECONNREFUSED)`);
    expect(unreachable?.fix).toBe('start the server first, or correct the host and port in --url');
  }, 30_000);
});

describe('mcpforge check against a deliberately broken server', () => {
  let report: CheckReport;
  let exitCode: number;
  beforeAll(async () => {
    ({ report, exitCode } = await check([node, BROKEN]));
  }, 60_000);

  it.each([
    ['schema_properties_missing', 'no_properties'],
    ['schema_does_not_compile', 'bad_schema'],
    ['tool_name_invalid', 'has space'],
    ['probe_handler_ran', 'write_note'],
    ['unknown_tool_succeeded', undefined],
    ['bad_arguments_accepted', 'count_things'],
    ['description_missing', 'undocumented'],
    ['modern_not_supported', undefined],
    ['stdout_not_mcp', undefined],
  ])('reports %s (%s)', (code, tool) => {
    expect(has(report, code, tool)).toBe(true);
  });

  it('exits 1, names the fix of each problem, and renders them first', () => {
    expect(exitCode).toBe(1);
    // The log line is seen by both connections the check opened, and reported once.
    expect(report.findings.filter((finding) => finding.code === 'stdout_not_mcp')).toHaveLength(1);
    for (const finding of report.findings.filter((entry) => entry.severity !== 'ok'))
      expect(finding.fix).toBeTruthy();
    const text = render(report);
    expect(text.indexOf('[probe_handler_ran]')).toBeLessThan(text.indexOf('ok     handshake'));
    expect(text).toMatch(/error\(s\)/);
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it('the same problems on a modern-only server, checked in the modern era', async () => {
    const { report: modern, exitCode: code } = await check([node, BROKEN, '--modern']);
    expect(code).toBe(1);
    expect(modern.eras).toEqual({ legacy: [], modern: ['2026-07-28'] });
    expect(modern.checkedIn).toBe('modern');
    expect(has(modern, 'legacy_handshake_failed')).toBe(true);
    expect(modern.findings.find((finding) => finding.code === 'legacy_handshake_failed')?.severity).toBe(
      'warn',
    );
    for (const code of [
      'probe_handler_ran',
      'unknown_tool_succeeded',
      'bad_arguments_accepted',
      'tool_name_invalid',
    ]) {
      expect(has(modern, code)).toBe(true);
    }
  }, 60_000);

  it('a server that exits at once is reported, exit 1', async () => {
    const { report, exitCode } = await check([node, BROKEN, '--exit']);
    expect(exitCode).toBe(1);
    const crash = report.findings.find((finding) => finding.code === 'server_crashed');
    expect(crash?.message).toMatch(/exited with code 3.*giving up at once/);
  }, 30_000);

  it('a server that never answers is a timeout, and the child is killed', async () => {
    const pidFile = join(scratch, 'mute.pid');
    const { report, exitCode } = await check(['--timeout-ms', '300', node, BROKEN, '--mute'], {
      BROKEN_SERVER_PID_FILE: pidFile,
    });
    expect(exitCode).toBe(1);
    expect(has(report, 'step_timeout')).toBe(true);
    expect(report.findings.find((finding) => finding.code === 'step_timeout')?.message).toMatch(/300 ms/);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(isRunning(pid)).toBe(false);
  }, 30_000);
});

describe('mcpforge check command line', () => {
  it.each([
    [[], 'missing_value'],
    [['--url', 'http://127.0.0.1:1/mcp', 'node', 'x.js'], 'conflicting_flags'],
    [['--url', 'ftp://example.com/'], 'invalid_value'],
    [['--url', 'http://127.0.0.1:1/mcp', '--header', 'no colon'], 'invalid_value'],
    [['--header', 'A: b', 'node', 'x.js'], 'conflicting_flags'],
    [['--timeout-ms', '0', 'node', 'x.js'], 'invalid_value'],
    [['--tiemout-ms', '5', 'node', 'x.js'], 'unknown_flag'],
    [['--era', 'future', 'node', 'x.js'], 'invalid_value'],
  ])('%j is refused with %s', async (args, code) => {
    const refused = await run(args, fakeIo()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CliError);
    expect((refused as CliError).code).toBe(code);
  });

  it('--help answers the usage', async () => {
    const output = await run(['--help'], fakeIo());
    expect(render(output.result as never)).toMatch(/^Usage: mcpforge check/);
  });
});
