import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  compileLinear,
  DFA_BUDGET_BYTES,
  isLinearPattern,
  linearRegExp,
  PatternError,
} from './linear-regexp.js';

/** Patterns found in tool schemas and OpenAPI documents, and the corners of the rewrite. */
const PATTERNS = [
  '^[a-z0-9]+(-[a-z0-9]+)*$',
  '^\\d{4}-\\d{2}-\\d{2}$',
  '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
  '^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$',
  '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
  '^\\+?[1-9]\\d{1,14}$',
  '^x-',
  'abc',
  '^$',
  '',
  '^.$',
  '^.+$',
  '^\\s*$',
  '^\\S+$',
  '^[\\s]+$',
  '^[^\\s]+$',
  '^[\\S\\d]+$',
  '^[\\s-]+$',
  '\\bword\\b',
  '\\Bor\\B',
  '^\\w+$',
  '^\\W+$',
  '^\\D+$',
  '^[\\b]$',
  '^\\u0041\\u{1F600}$',
  '^\\uD83D\\uDE00$',
  '^\\x41\\cA\\0$',
  '^\\t\\n\\v\\f\\r$',
  '^[\\u0041-\\u005A]+$',
  '^[]$',
  '^[^]$',
  '^[[]$',
  '^[\\]\\-\\\\]+$',
  '^\\/\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$$',
  '^(?:ab|cd)+?$',
  '^(?<year>\\d{4})$',
  '^a{2,3}$',
  '^a{2,}b?$',
  '^\\p{L}+$',
  '^\\p{Lu}\\P{Lu}*$',
  '^\\p{Letter}+$',
  '^\\p{gc=Decimal_Number}+$',
  '^\\p{Script=Greek}+$',
  '^\\p{sc=Cyrillic}+$',
  '^😀+$',
  '^[😀-😎]$',
];

const INPUTS = [
  '',
  'a',
  'A',
  'abc',
  'my-slug-2',
  '2024-01-31',
  'user@example.com',
  'x-vendor',
  '550e8400-e29b-41d4-a716-446655440000',
  '+14155552671',
  ' \t\n',
  '\u00a0\u2028\ufeff\u3000',
  '\u180e',
  '\u0085',
  'line\nbreak',
  'cr\r',
  '\u2029',
  'word word',
  'sword',
  '\b',
  'A😀',
  '😀',
  '😃',
  '\ud800',
  'A\u0001\u0000',
  '\t\n\u000b\f\r',
  'ABC',
  '[',
  ']-\\',
  '/.*+?()[]{}|^$',
  'abcdab',
  '2024',
  'aa',
  'aaab',
  'Ωμέγα',
  'Élan',
  'é',
  '٣٤',
  'αβγ',
  'привет',
  '---',
];

describe('linearRegExp: the same verdict as ECMAScript, in linear time', () => {
  it.each(PATTERNS)('%j matches what new RegExp(p, "u") matches, on either engine', (pattern) => {
    const native = new RegExp(pattern, 'u');
    // The linear-time engine on the rewritten pattern, and what the validator runs.
    const linear = compileLinear(pattern);
    const chosen = linearRegExp(pattern, 'u');
    const differences = INPUTS.filter(
      (input) => native.test(input) !== linear.test(input) || native.test(input) !== chosen.test(input),
    );
    expect(differences).toEqual([]);
  });

  it('answers ^(a+)+$ on 100,000 characters at once (backtracking: longer than the universe)', () => {
    const linear = linearRegExp('^(a+)+$', 'u');
    const started = performance.now();
    expect(linear.test(`${'a'.repeat(100_000)}!`)).toBe(false);
    expect(linear.test('a'.repeat(100_000))).toBe(true);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('bounds the memory a pattern whose automaton explodes keeps after matching (re2js: 8 MiB each)', () => {
    setFlagsFromString('--expose_gc');
    const gc = runInNewContext('gc') as () => void;
    // a's and b's in no pattern a small automaton could follow (a fixed pseudo-random sequence).
    let value = '';
    for (let i = 0, seed = 1; i < 200_000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      value += seed & 0x10000 ? 'a' : 'b';
    }
    const held: unknown[] = [];
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 10; i++) {
      const linear = linearRegExp(`(a|b)*a(a|b){${18 + (i % 3)}}$`, 'u');
      linear.test(value);
      held.push(linear);
    }
    gc();
    const perPattern = (process.memoryUsage().heapUsed - before) / held.length;
    // Unbounded, each keeps about 8 MiB; the budget is an estimate re2js keeps to, loosely.
    expect(perPattern).toBeLessThan(4 * DFA_BUDGET_BYTES);
  });

  it('keys compiled patterns by their source, as Ajv does', () => {
    expect(String(linearRegExp('^a$', 'u'))).toBe('/^a$/u');
  });
});

describe('linearRegExp: what cannot run in linear time is refused when compiled', () => {
  it.each([
    ['(?<=a)b', 'lookbehind (?<=...) is not supported'],
    ['(?<!a)b', 'lookbehind (?<!...) is not supported'],
    ['a(?=b)', 'lookahead (?=...) is not supported'],
    ['^(?!admin$).+$', 'lookahead (?!...) is not supported'],
    ['(a)\\1', 'backreferences (\\1) are not supported'],
    ['(?<q>["\'])x\\k<q>', 'backreferences (\\k<name>) are not supported'],
    ['a{1001}', 'invalid repeat count'],
    ['(a{100}){100}', 'invalid repeat count'],
    ['\\p{Script_Extensions=Greek}', 'Script_Extensions is not supported'],
    ['[', 'Unterminated character class'],
    ['\\p{NoSuchProperty}', 'Invalid property name'],
  ])('%j: %s', (pattern, reason) => {
    let thrown: unknown;
    try {
      linearRegExp(pattern, 'u');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PatternError);
    expect((thrown as PatternError).pattern).toBe(pattern);
    expect((thrown as PatternError).reason).toContain(reason);
    expect((thrown as PatternError).message).toContain(JSON.stringify(pattern));
  });
});

describe('isLinearPattern (format: regex)', () => {
  it('accepts what a pattern may be and refuses the rest', () => {
    expect(isLinearPattern('^[a-z]+$')).toBe(true);
    expect(isLinearPattern('^(a+)+$')).toBe(true);
    expect(isLinearPattern('(?<=a)b')).toBe(false);
    expect(isLinearPattern('(a')).toBe(false);
  });
});
