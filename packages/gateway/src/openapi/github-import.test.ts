import { SchemaCompiler } from '@mcpforge/server';
import { describe, expect, it } from 'vitest';
import { ensureGithubOpenApi, OCTOKIT_OPENAPI_VERSION } from '../../../../scripts/octokit-openapi.mjs';
import { TOOL_NAME_PATTERN } from '../catalog/operation-definition.js';
import { listOperations } from '../catalog/operations-table.js';
import { DatabaseFixture } from '../test-support/database-fixture.js';
import { applyImportPlan, type ImportProgress } from './apply/apply-plan.js';
import { convertDocument } from './convert/convert-document.js';
import { loadOpenApiDocument } from './load/load-document.js';

/**
 * GitHub's REST API description, from @octokit/openapi (fetched into .cache on first use by
 * scripts/octokit-openapi.mjs): a real document of 1,000+ operations nobody here wrote, loaded,
 * converted and applied to PGlite. Time and memory are printed, not asserted (no timed unit
 * tests); `node scripts/octokit-openapi.mjs --report` prints the same figures from the build.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function documentOperations(document: Record<string, unknown>): string[] {
  const paths = document['paths'] as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] !== undefined).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

describe('importing GitHub’s REST API description', () => {
  const fixture = new DatabaseFixture('pglite');

  it('imports every operation or skips it with a reason; names unique and valid; every inputSchema compiles', async () => {
    const path = ensureGithubOpenApi();
    await fixture.setUp();
    const peak = { rss: 0, heapUsed: 0 };
    const sample = () => {
      const { rss, heapUsed } = process.memoryUsage();
      peak.rss = Math.max(peak.rss, rss);
      peak.heapUsed = Math.max(peak.heapUsed, heapUsed);
    };
    const sampler = setInterval(sample, 50);
    const started = performance.now();
    try {
      const loaded = await loadOpenApiDocument(path);
      const loadedAt = performance.now();
      const plan = convertDocument(loaded.document);
      const convertedAt = performance.now();
      const steps: ImportProgress[] = [];
      const report = await applyImportPlan(fixture.db(), plan, {
        workspace: 'github',
        onProgress: (step) => steps.push(step),
      });
      const appliedAt = performance.now();
      sample();

      const keys = documentOperations(loaded.document);
      expect(keys.length).toBeGreaterThan(1000);
      const accounted = [...report.operations.map((o) => o.key), ...report.skipped.map((s) => s.key)];
      expect(accounted.sort()).toEqual([...keys].sort());
      for (const skipped of report.skipped) expect(skipped.reason.trim()).not.toBe('');
      expect(report.counts.created).toBe(report.operations.length);
      // Progress as it went: every 50 operations and the end.
      expect(steps.length).toBeGreaterThan(plan.operations.length / 50);
      expect(steps.at(-1)).toEqual({
        phase: 'operations',
        done: plan.operations.length,
        total: plan.operations.length,
      });

      const stored = await listOperations(fixture.db(), 'github');
      expect(stored).toHaveLength(report.operations.length);
      const names = stored.map((operation) => operation.draft.name);
      expect(new Set(names).size).toBe(names.length);
      for (const name of names) expect(name).toMatch(TOOL_NAME_PATTERN);
      const compiler = new SchemaCompiler();
      const refused: string[] = [];
      for (const operation of stored) {
        try {
          compiler.compile(operation.draft.inputSchema);
        } catch (error) {
          refused.push(`${operation.slug}: ${(error as Error).message}`);
        }
      }
      expect(refused).toEqual([]);

      const again = await applyImportPlan(fixture.db(), plan, { workspace: 'github' });
      expect(again.counts).toMatchObject({ created: 0, updated: 0, unchanged: report.operations.length });
      const reimportedAt = performance.now();

      const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
      console.log(
        `github import (@octokit/openapi@${OCTOKIT_OPENAPI_VERSION}, ${loaded.bytes} bytes): ` +
          `${keys.length} operations, ${report.counts.created} imported, ${report.counts.skipped} skipped, ` +
          `${report.counts.warnings} warnings; load ${Math.round(loadedAt - started)} ms, ` +
          `convert ${Math.round(convertedAt - loadedAt)} ms, apply ${Math.round(appliedAt - convertedAt)} ms ` +
          `(PGlite), re-import ${Math.round(reimportedAt - appliedAt)} ms; peak RSS ${mib(peak.rss)} MiB, ` +
          `peak heap ${mib(peak.heapUsed)} MiB; catalog ${report.metrics.catalogBytes} bytes, ` +
          `~${report.metrics.estimatedTokens} tokens, largest ${report.metrics.largestTool} ` +
          `(${report.metrics.largestToolBytes} bytes)`,
      );
    } finally {
      clearInterval(sampler);
      await fixture.tearDown();
    }
    // Fetching the document on a first run, then a 13 MB import on a loaded CI machine.
  }, 600_000);
});
