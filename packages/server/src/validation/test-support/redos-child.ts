/**
 * Validates hostile values against `^(a+)+$` (as a `pattern` and as a `patternProperties` key)
 * and prints how long each took, as JSON. Run in a child process, so a backtracking engine
 * (hours on these values) is killed by the test's timeout instead of blocking the test runner.
 */
import { SchemaCompiler } from '../compiler.js';

const hostile = `${'a'.repeat(40)}!`;
const validate = new SchemaCompiler().compile({
  type: 'object',
  properties: { text: { type: 'string', pattern: '^(a+)+$' } },
  patternProperties: { '^(a+)+$': { type: 'integer' } },
});
const timings: Record<string, { ok: boolean; ms: number }> = {};
for (const [name, value] of [
  ['pattern', { text: hostile }],
  ['patternProperties', { [hostile]: 'not checked: the key does not match' }],
] as const) {
  const started = performance.now();
  const outcome = validate(value);
  timings[name] = { ok: outcome.ok, ms: performance.now() - started };
}
process.stdout.write(`${JSON.stringify(timings)}\n`);
