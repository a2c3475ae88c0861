import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type ConfigDocument, parseConfigText } from '@mcpforge/gateway/config';
import { SchemaCompiler } from '@mcpforge/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf, runCli } from '../admin/test-support/test-gateway.js';
import { fakeIo } from '../test-support/fake-io.js';
import { run as runDemo } from './gateway-demo.js';
import { run as runServe, type ServeResult } from './gateway-serve.js';

/**
 * Configuration as code with the real commands: the demo's workspace exported from a running
 * demo, checked against the shipped JSON Schema, applied to a gateway on an empty database,
 * applied again (nothing changes), exported again (the same text), planned with --dry-run, and
 * a bad document refused naming its path and line.
 */

const SHIPPED_SCHEMA = new URL('../../../gateway/src/config/config-schema.json', import.meta.url);
const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const execFileAsync = promisify(execFile);
const DOC_PAGE = new URL('../../../../docs/gateway/config-as-code.md', import.meta.url);

describe('gateway export and apply', { timeout: 180_000 }, () => {
  let dir: string;
  let demoEnv: Record<string, string>;
  let emptyEnv: Record<string, string>;
  const stops: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcpforge-config-'));
    const demoIo = fakeIo();
    const serveIo = fakeIo();
    const [demo, serve] = await Promise.all([
      runDemo(['--listen', '127.0.0.1:0'], demoIo),
      runServe(['--data-dir', join(dir, 'empty'), '--listen', '127.0.0.1:0'], serveIo),
    ]);
    stops.push(async () => {
      demoIo.controller.abort();
      await demo.stopped;
    });
    stops.push(async () => {
      serveIo.controller.abort();
      await serve.stopped;
    });
    demoEnv = { MCPFORGE_GATEWAY_URL: demo.result.adminUrl, MCPFORGE_ADMIN_KEY: demo.result.keys.admin };
    const empty = serve.result as ServeResult;
    emptyEnv = { MCPFORGE_GATEWAY_URL: empty.adminUrl, MCPFORGE_ADMIN_KEY: empty.adminKey as string };
  }, 180_000);
  afterAll(async () => {
    await Promise.all(stops.map((stop) => stop()));
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  const ok = async (args: string[], env: Record<string, string>) => {
    const run = await runCli(['gateway', ...args], env);
    expect([run.code, run.stderr], args.join(' ')).toEqual([0, '']);
    return run;
  };

  it("exports the demo's workspace as YAML (or JSON) that the shipped and served schema accepts", async () => {
    const file = join(dir, 'demo.yaml');
    const wrote = await ok(['export', '-o', file], demoEnv);
    expect(wrote.stdout).toMatch(
      new RegExp(
        `^Wrote workspace 'default' to ${file} \\(yaml, \\d+ bytes\\): \\d+ sections, 1 allowed host, \\d+ operations, 3 agents\\.`,
      ),
    );
    const document = parseConfigText(await readFile(file, 'utf8')) as ConfigDocument;
    expect(document).toMatchObject({ apiVersion: 'mcpforge.dev/gateway-config/v1', workspace: 'default' });
    expect(document.agents.map((agent: { slug: string }) => agent.slug)).toEqual([
      'currency-rates',
      'office',
      'sales',
    ]);
    expect(JSON.stringify(document)).not.toMatch(/mcpf_(adm|mcp|apr)_/);
    // The same document as JSON on stdout.
    const json = await ok(['export', '--workspace', 'default', '--format', 'json'], demoEnv);
    expect(JSON.parse(json.stdout)).toEqual(document);
    expect(jsonOf(await ok(['export', '--json'], demoEnv))).toMatchObject({ workspace: 'default', document });
    // The bin through a pipe: all of the document, not the first 64 KB (process.exit cut it short).
    const piped = await execFileAsync(process.execPath, [MAIN, 'gateway', 'export', '--format', 'json'], {
      env: { ...process.env, ...demoEnv },
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(piped.stdout.length).toBeGreaterThan(65_536);
    expect(JSON.parse(piped.stdout)).toEqual(document);

    // docs/gateway/config-as-code.md shows this export whole, from a run whose upstream port differs.
    const page = await readFile(DOC_PAGE, 'utf8');
    const shown = /<summary>demo\.yaml[^<]*<\/summary>\n\n```yaml\n([\s\S]*?)```/.exec(page)?.[1] ?? '';
    const port = /hostPattern: 127\.0\.0\.1:(\d+)/.exec(shown)?.[1] ?? 'none';
    const host = document.upstreamHosts[0]?.hostPattern ?? 'none';
    expect(
      parseConfigText(shown.replaceAll(`127.0.0.1:${port}`, host)),
      'docs/gateway/config-as-code.md: replace the demo.yaml block with a fresh `gateway export` of the demo',
    ).toEqual(document);
    const shipped = JSON.parse(await readFile(SHIPPED_SCHEMA, 'utf8'));
    const served = await fetch(`${demoEnv['MCPFORGE_GATEWAY_URL']}/config-schema`, {
      headers: { authorization: `Bearer ${demoEnv['MCPFORGE_ADMIN_KEY']}` },
    });
    expect(await served.json()).toEqual(shipped);
    expect(new SchemaCompiler().compile(shipped)(document)).toEqual({ ok: true });
  });

  it('applies it to an empty database, then a second apply changes nothing, and the export is the same text', async () => {
    const file = join(dir, 'demo.yaml');
    const text = await readFile(file, 'utf8');
    const first = await ok(['apply', '-f', file], emptyEnv);
    expect(first.stdout).toMatch(
      /^Applied to workspace 'default' \(created\): (\d+) created, 0 changed, 0 archived, 0 removed, 0 unchanged\.\n/,
    );
    expect(first.stdout).toContain('+ agent office (published version 1)');
    expect(first.stdout).toContain('+ upstreamHost 127.0.0.1:');
    const created = Number(/: (\d+) created/.exec(first.stdout)?.[1]);

    const second = await ok(['apply', '-f', file], emptyEnv);
    expect(second.stdout).toBe(
      `Applied to workspace 'default': 0 created, 0 changed, 0 archived, 0 removed, ${created} unchanged.\nNothing to change: the workspace matches the document.\n`,
    );
    const plan = jsonOf(await ok(['apply', '-f', file, '--json'], emptyEnv));
    expect(plan.counts).toEqual({ created: 0, changed: 0, archived: 0, removed: 0, unchanged: created });
    expect((await ok(['export'], emptyEnv)).stdout).toBe(text);
  });

  it('--dry-run prints the diff and changes nothing; the apply then makes the same changes', async () => {
    const text = await readFile(join(dir, 'demo.yaml'), 'utf8');
    const document = parseConfigText(text) as ConfigDocument;
    const rates = document.operations.find(
      (o) => o.slug === 'frankfurter-latest-rate',
    ) as ConfigDocument['operations'][number];
    rates.draft.title = 'Latest rate';
    document.agents = document.agents.filter((agent) => agent.slug !== 'sales');
    const edited = join(dir, 'edited.json');
    await writeFile(edited, JSON.stringify(document));

    const dry = await ok(['apply', '-f', edited, '--dry-run'], emptyEnv);
    expect(dry.stdout).toMatch(
      /^Plan for workspace 'default' \(dry run, nothing changed\): 0 created, 2 changed, 1 archived, 0 removed, \d+ unchanged\.\n/,
    );
    expect(dry.stdout).toContain(
      '~ operation frankfurter-latest-rate (published version 2)\n    draft.title: "Latest exchange rate" -> "Latest rate"\n',
    );
    expect(dry.stdout).toContain('~ agent currency-rates (published version 2)\n');
    expect(dry.stdout).toContain('- agent sales (archived)\n');
    expect((await ok(['export'], emptyEnv)).stdout).toBe(text);

    const applied = await ok(['apply', '-f', edited], emptyEnv);
    expect(applied.stdout.split('\n').slice(1)).toEqual(dry.stdout.split('\n').slice(1));
    expect((await ok(['agents', 'list', '--workspace', 'default'], emptyEnv)).stdout).not.toContain('sales');
  });

  it('a bad document is refused naming its path and line, and changes nothing', async () => {
    const before = (await ok(['export'], emptyEnv)).stdout;
    const lines = before.split('\n');
    const at = lines.findIndex((line) => line.trim() === 'delivery: search');
    lines[at] = lines[at]!.replace('delivery', 'delivry');
    const bad = join(dir, 'bad.yaml');
    await writeFile(bad, lines.join('\n'));
    const run = await runCli(['gateway', 'apply', '-f', bad], emptyEnv);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/refused \(400 invalid_field\): .*agents\[\d\]\.draft\.delivry/);
    expect(run.stderr).toContain(`(${bad} line ${at + 1}; nothing was changed)`);
    const json = jsonOf(await runCli(['gateway', 'apply', '-f', bad, '--json'], emptyEnv));
    expect(json.error).toMatchObject({ code: 'admin_refused', problem: 'invalid_field', line: at + 1 });
    expect((await ok(['export'], emptyEnv)).stdout).toBe(before);

    const missing = await runCli(['gateway', 'apply'], emptyEnv);
    expect([missing.code, missing.stderr]).toEqual([
      2,
      'mcpforge: mcpforge gateway apply needs -f FILE: the document to apply (mcpforge gateway export -o FILE writes one)\n',
    ]);
  });
});
