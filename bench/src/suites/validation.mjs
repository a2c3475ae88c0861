/**
 * Argument validation cost per call for a typical tool schema, in process:
 * forge's `SchemaCompiler` validator; zod 4 `safeParseAsync` on `z.object(shape)` as
 * SDK v1 runs it; zod 4 through Standard Schema `~standard.validate` as SDK v2 runs it;
 * and, as the floor, a bare Ajv 2020 validator with default options.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { progress } from '../progress.mjs';
import { median, round } from '../stats.mjs';
import { TYPICAL_ARGS, TYPICAL_BAD_ARGS, TYPICAL_SCHEMA } from '../workload.mjs';
import { z } from '../zod.mjs';
import { firstLine } from './compare.mjs';

const ROUNDS = 5;
const SLICE_MS = 200;

const zodShape = {
  query: z.string().min(1).max(200),
  limit: z.number().int().min(1).max(100).optional(),
  tags: z.array(z.string()).max(10).optional(),
  mode: z.enum(['fast', 'exact']).optional(),
  verbose: z.boolean().optional(),
};

/** Validators by implementation: `(value) => boolean | Promise<boolean>`. */
async function validators(forge) {
  const result = {};
  if (forge?.SchemaCompiler) {
    const validate = new forge.SchemaCompiler().compile(TYPICAL_SCHEMA);
    result.forge = { sync: true, check: (value) => validate(value).ok };
  }
  const zodSchema = z.object(zodShape);
  result.sdk1 = { sync: false, check: async (value) => (await zodSchema.safeParseAsync(value)).success };
  const standard = z.object(zodShape)['~standard'];
  result.sdk2 = {
    sync: false,
    check: async (value) => {
      const outcome = await standard.validate(value);
      return outcome.issues === undefined;
    },
  };
  const ajv = new Ajv2020();
  const ajvValidate = ajv.compile(structuredClone(TYPICAL_SCHEMA));
  result.floor = { sync: true, check: (value) => ajvValidate(value) };
  return result;
}

/** Calls per second over one time slice. */
async function slice({ sync, check }, value, expected) {
  const batch = sync ? 20_000 : 2_000;
  let calls = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < SLICE_MS) {
    if (sync) {
      for (let i = 0; i < batch; i++) if (check(value) !== expected) throw new Error('wrong verdict');
    } else {
      for (let i = 0; i < batch; i++) if ((await check(value)) !== expected) throw new Error('wrong verdict');
    }
    calls += batch;
    elapsed = performance.now() - started;
  }
  return (calls / elapsed) * 1000;
}

export async function runValidationSuite({ forge, record }) {
  const table = await validators(forge);
  for (const [kind, value, expected] of [
    ['valid', TYPICAL_ARGS, true],
    ['invalid', TYPICAL_BAD_ARGS, false],
  ]) {
    progress(`validation: ${kind} arguments`);
    const rates = Object.fromEntries(Object.keys(table).map((impl) => [impl, []]));
    const results = {};
    for (let r = 0; r < ROUNDS; r++) {
      for (const [impl, validator] of Object.entries(table)) {
        if (results[impl]?.error) continue;
        try {
          rates[impl].push(await slice(validator, value, expected));
        } catch (error) {
          results[impl] = { error: firstLine(error) };
        }
      }
    }
    for (const impl of Object.keys(table)) {
      if (results[impl]?.error) continue;
      const rate = median(rates[impl]);
      results[impl] = {
        value: round(rate),
        nsPerCall: round(1e9 / rate, 1),
        slices: rates[impl].map((r) => round(r)),
      };
    }
    if (!forge?.SchemaCompiler) results.forge = { error: '@mcpforge/server SchemaCompiler not available' };
    record({
      id: `validation.${kind}`,
      group: 'validation',
      label: `argument validation, typical 5-property schema, ${kind} input`,
      unit: 'checks/s',
      better: 'higher',
      results,
    });
  }
}
