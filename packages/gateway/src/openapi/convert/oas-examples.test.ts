import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { SchemaCompiler } from '@mcpforge/server';
import { dereference, validate } from '@readme/openapi-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { readOperationDefinition } from '../../catalog/operation-definition.js';
import { SLUG_PATTERN } from '../../catalog/slug.js';
import { convertDocument } from './convert-document.js';
import type { ImportPlan } from './import-plan.js';
import { isRecord, PATH_METHODS } from './records.js';

/**
 * Every JSON document of @readme/oas-examples (written by others: petstores in 2.0, 3.0 and
 * 3.1, circular schemas, parameter styles, cookies, security, callbacks, file uploads...),
 * validated and dereferenced as the loader does, then converted.
 */

const examplesRoot = dirname(createRequire(import.meta.url).resolve('@readme/oas-examples/package.json'));
const documents = ['2.0', '3.0', '3.1'].flatMap((version) => {
  const folder = join(examplesRoot, version, 'json');
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .map((file) => ({ name: `${version}/${file}`, path: join(folder, file) }));
});

/** Operations in the document (path item `$ref`s resolved): what the plan must account for. */
function countOperations(document: Record<string, unknown>): number {
  let count = 0;
  for (const item of Object.values((document['paths'] ?? {}) as Record<string, unknown>)) {
    if (!isRecord(item)) continue;
    for (const method of PATH_METHODS) if (isRecord(item[method])) count += 1;
  }
  return count;
}

const figures: Record<string, { operations: number; imported: number; skipped: number; warnings: number }> =
  {};

describe('converting every document of @readme/oas-examples', () => {
  const plans = new Map<string, { plan: ImportPlan; operations: number }>();
  beforeAll(async () => {
    for (const document of documents) {
      const raw = JSON.parse(readFileSync(document.path, 'utf8')) as Record<string, unknown>;
      const result = await validate(structuredClone(raw) as never);
      if (!result.valid) continue;
      const dereferenced = await dereference(structuredClone(raw) as never, {
        dereference: { circular: true },
      });
      const plan = convertDocument(dereferenced, { baseUrl: 'https://api.example.com' });
      const operations = countOperations(dereferenced as Record<string, unknown>);
      plans.set(document.name, { plan, operations });
      figures[document.name] = {
        operations,
        imported: plan.operations.length,
        skipped: plan.skipped.length,
        warnings: plan.warnings.length,
      };
    }
  }, 120_000);

  it('finds the documents (more than 40), and every one validates', () => {
    expect(documents.length).toBeGreaterThan(40);
    expect([...plans.keys()]).toEqual(documents.map((document) => document.name));
  });

  it('accounts for every operation: imported or skipped with a reason', () => {
    for (const [name, { plan, operations }] of plans) {
      expect(plan.operations.length + plan.skipped.length, name).toBe(operations);
      for (const skipped of plan.skipped) expect(skipped.reason, `${name} ${skipped.key}`).not.toBe('');
    }
  });

  it('gives unique tool names of at most 64 characters and unique slugs', () => {
    for (const [name, { plan }] of plans) {
      const names = plan.operations.map((operation) => String(operation.draft['name']).toLowerCase());
      expect(new Set(names).size, name).toBe(names.length);
      for (const tool of names) expect(tool.length, `${name} ${tool}`).toBeLessThanOrEqual(64);
      const slugs = plan.operations.map((operation) => operation.slug);
      expect(new Set(slugs).size, name).toBe(slugs.length);
      for (const slug of slugs) expect(slug, name).toMatch(SLUG_PATTERN);
      const keys = plan.operations.map((operation) => operation.key);
      expect(new Set(keys).size, name).toBe(keys.length);
    }
  });

  it("compiles every inputSchema with the toolkit's validator, and the gateway accepts every draft", {
    timeout: 180_000,
  }, () => {
    const compiler = new SchemaCompiler();
    for (const [name, { plan }] of plans) {
      for (const operation of plan.operations) {
        const schema = operation.draft['inputSchema'] as Record<string, unknown>;
        expect(() => compiler.check(schema), `${name} ${operation.key}`).not.toThrow();
        expect(schema['additionalProperties'], name).toBe(false);
        expect(typeof schema['properties'], name).toBe('object');
        expect(() => readOperationDefinition(operation.draft), `${name} ${operation.key}`).not.toThrow();
        // A draft is JSON: it survives the trip through the admin API unchanged.
        expect(JSON.parse(JSON.stringify(operation.draft))).toEqual(operation.draft);
      }
      for (const section of plan.sections) expect(section.slug, name).toMatch(SLUG_PATTERN);
    }
  });

  it('imports most operations across the set (figures printed)', () => {
    const total = Object.values(figures).reduce(
      (sum, figure) => ({
        operations: sum.operations + figure.operations,
        imported: sum.imported + figure.imported,
        skipped: sum.skipped + figure.skipped,
      }),
      { operations: 0, imported: 0, skipped: 0 },
    );
    console.log(JSON.stringify({ total, figures }, null, 1));
    expect(total.imported).toBeGreaterThan(total.operations * 0.8);
  });
});
