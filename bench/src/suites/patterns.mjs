/**
 * Schema patterns (issue 19, point 1): what running every `pattern` and `patternProperties` key
 * in linear time costs the validator, and what it saves.
 * - forge: `SchemaCompiler`, whose patterns run on re2js (a fixed format whose backtracking is
 *   bounded whatever the input, such as `^[A-Z]{3}$`, on JavaScript's engine);
 * - floor: Ajv 2020 with JavaScript's backtracking `RegExp`, as the validator ran before;
 * - re2wasm: Ajv 2020 with `re2-wasm` (RE2 compiled to WebAssembly) as its `code.regExp`, the
 *   other linear-time engine considered.
 * Rows: ordinary schemas (fixed formats; open-ended patterns such as a slug or an e-mail), in
 * checks per second; and `^(a+)+$` against a's and a '!', in µs per check.
 */
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { progress } from '../progress.mjs';
import { median, round } from '../stats.mjs';
import { firstLine } from './compare.mjs';

const ROUNDS = 5;
const SLICE_MS = 200;

/** Fixed formats found in tool schemas and API descriptions: a code, a date, an id, a phone. */
export const FORMATS_SCHEMA = Object.freeze({
  type: 'object',
  properties: {
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    id: { type: 'string', pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' },
    phone: { type: 'string', pattern: '^\\+?[1-9]\\d{1,14}$' },
  },
  required: ['currency', 'date'],
  additionalProperties: false,
});
export const FORMATS_ARGS = Object.freeze({
  currency: 'EUR',
  date: '2026-12-01',
  id: '550e8400-e29b-41d4-a716-446655440000',
  phone: '+14155552671',
});

/** Open-ended patterns: a slug, an e-mail address, vendor keys; one query without a pattern. */
export const OPEN_SCHEMA = Object.freeze({
  type: 'object',
  properties: {
    slug: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
    email: { type: 'string', pattern: '^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$' },
    labels: { type: 'object', patternProperties: { '^x-[a-z]+$': { type: 'string' } } },
    query: { type: 'string', maxLength: 200 },
  },
  required: ['slug'],
  additionalProperties: false,
});
export const OPEN_ARGS = Object.freeze({
  slug: 'my-first-post',
  email: 'ada.lovelace@example.com',
  labels: { 'x-team': 'core' },
  query: 'release notes',
});

const PATHOLOGICAL = '^(a+)+$';
/** Characters of the hostile input the backtracking engine is measured on (it doubles per character). */
const BACKTRACKING_LENGTH = 24;

/** `(value) => boolean` validators by implementation, for `schema`. */
function validators(forge, schema) {
  const require = createRequire(import.meta.url);
  const { RE2 } = require('re2-wasm');
  const result = {};
  if (forge?.SchemaCompiler) {
    const validate = new forge.SchemaCompiler().compile(schema);
    result.forge = (value) => validate(value).ok;
  }
  result.floor = new Ajv2020().compile(structuredClone(schema));
  const re2wasm = (pattern, flags) => new RE2(pattern, flags);
  result.re2wasm = new Ajv2020({ code: { regExp: re2wasm } }).compile(structuredClone(schema));
  return result;
}

/** Checks per second over one slice. */
function slice(check, value, expected) {
  let calls = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < SLICE_MS) {
    for (let i = 0; i < 1_000; i++) if (check(value) !== expected) throw new Error('wrong verdict');
    calls += 1_000;
    elapsed = performance.now() - started;
  }
  return (calls / elapsed) * 1000;
}

function rateRow(forge, id, label, schema, value, record) {
  progress(`patterns: ${label}`);
  const table = validators(forge, schema);
  const rates = Object.fromEntries(Object.keys(table).map((impl) => [impl, []]));
  const results = {};
  for (let r = 0; r < ROUNDS; r++) {
    for (const [impl, check] of Object.entries(table)) {
      if (results[impl]?.error) continue;
      try {
        rates[impl].push(slice(check, value, true));
      } catch (error) {
        results[impl] = { error: firstLine(error) };
      }
    }
  }
  for (const impl of Object.keys(table)) {
    if (results[impl]?.error) continue;
    const rate = median(rates[impl]);
    results[impl] = { value: round(rate), nsPerCall: round(1e9 / rate, 1), slices: rates[impl].map(round) };
  }
  if (!forge?.SchemaCompiler) results.forge = { error: '@mcpforge/server SchemaCompiler not available' };
  record({ id, group: 'patterns', label, unit: 'checks/s', better: 'higher', results });
}

/** Median µs of one check of `value` against `^(a+)+$`, over `times` checks. */
function usPerCheck(check, value, times) {
  const samples = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    if (check(value) !== false) throw new Error('wrong verdict');
    samples.push((performance.now() - started) * 1000);
  }
  return median(samples);
}

function pathologicalRow(forge, length, record) {
  const label = `${PATHOLOGICAL} against ${length.toLocaleString('en-US')} × a + !`;
  progress(`patterns: ${label}`);
  const table = validators(forge, { type: 'string', pattern: PATHOLOGICAL });
  const value = `${'a'.repeat(length)}!`;
  const results = {};
  for (const [impl, check] of Object.entries(table)) {
    if (impl === 'floor' && length > BACKTRACKING_LENGTH) {
      results.floor = {
        unsupported: `the backtracking engine takes about 2^(n - ${BACKTRACKING_LENGTH}) times its ${BACKTRACKING_LENGTH}-character figure for n characters (hours at 40); not run`,
      };
      continue;
    }
    try {
      check(value); // warm-up (and, for the backtracking engine, its one measured run below)
      const times = impl === 'floor' ? 1 : length > 10_000 ? 5 : 200;
      results[impl] = { value: round(usPerCheck(check, value, times), 1) };
    } catch (error) {
      results[impl] = { error: firstLine(error) };
    }
  }
  if (!forge?.SchemaCompiler) results.forge = { error: '@mcpforge/server SchemaCompiler not available' };
  record({
    id: `patterns.pathological.${length}`,
    group: 'patterns',
    label,
    unit: 'µs',
    better: 'lower',
    results,
  });
}

export async function runPatternsSuite({ forge, record }) {
  const formats = 'fixed formats (code, date, UUID, phone), valid input';
  rateRow(forge, 'patterns.formats', formats, FORMATS_SCHEMA, FORMATS_ARGS, record);
  const open = 'open-ended patterns (slug, e-mail, x- keys), valid input';
  rateRow(forge, 'patterns.open', open, OPEN_SCHEMA, OPEN_ARGS, record);
  for (const length of [BACKTRACKING_LENGTH, 40, 100_000]) pathologicalRow(forge, length, record);
}
