/**
 * @module
 * Schema patterns on a linear-time engine. A backtracking engine (JavaScript's own) takes
 * exponential time on patterns such as `^(a+)+$`: 26 characters blocked a process for 4 s,
 * and each one more doubles it (issue 19). `re2js`, a pure JavaScript port of RE2, matches in
 * time linear in the input whatever the pattern, and refuses at compile time what cannot be
 * matched that way (lookaround, backreferences). It beat `re2-wasm` on ordinary patterns in
 * `bench/src/suites/patterns.mjs` (docs/performance.md), needs no WebAssembly, and keeps no
 * memory outside the JavaScript heap.
 */
import { RE2JS } from 're2js';
import { runsBoundedNatively } from './bounded-pattern.js';
import { toRe2Syntax, UnsupportedPatternError } from './pattern-syntax.js';

/**
 * A pattern the linear-time engine refuses: `invalid` when it is no ECMAScript regular
 * expression at all, `unsupported` when it is one the engine cannot run; `reason` says what.
 */
export class PatternError extends Error {
  override readonly name = 'PatternError';
  readonly pattern: string;
  readonly kind: 'invalid' | 'unsupported';
  readonly reason: string;

  constructor(
    pattern: string,
    kind: 'invalid' | 'unsupported',
    reason: string,
    options?: { cause?: unknown },
  ) {
    const problem = kind === 'invalid' ? 'is not a valid regular expression' : 'cannot run in linear time';
    super(`pattern ${JSON.stringify(pattern)} ${problem}: ${reason}`, options);
    this.pattern = pattern;
    this.kind = kind;
    this.reason = reason;
  }
}

/** The part of `RegExp` Ajv uses: `test`, and `toString` as the cache key of a compiled pattern. */
export interface LinearRegExp {
  test(value: string): boolean;
  toString(): string;
}

/**
 * Compiles an ECMAScript (`u` flag) pattern for the linear-time engine.
 * @throws PatternError when it is not a valid pattern or uses what the engine cannot run.
 */
export function compileLinear(pattern: string): RE2JS {
  try {
    // ECMAScript syntax first: the rewrite relies on it, and an invalid pattern says so plainly.
    new RegExp(pattern, 'u');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new PatternError(pattern, 'invalid', message.replace(/^Invalid regular expression: /, ''), {
      cause: error,
    });
  }
  try {
    return withBoundedDfa(RE2JS.compile(toRe2Syntax(pattern)));
  } catch (error) {
    if (error instanceof UnsupportedPatternError)
      throw new PatternError(pattern, 'unsupported', error.message);
    // RE2's syntax errors say `error parsing regexp: <what>: <where>`.
    const message = error instanceof Error ? error.message : String(error);
    throw new PatternError(pattern, 'unsupported', message.replace(/^error parsing regexp: /, ''), {
      cause: error,
    });
  }
}

/**
 * Memory one pattern's lazily built DFA may cache. re2js gives each 8 MiB, and a pattern whose
 * automaton explodes (`(a|b)*a(a|b){20}$`) fills it on one long value: 20 such patterns held
 * 166 MB. Ordinary patterns need a few KiB; past the budget re2js empties the cache and, when
 * that keeps happening, matches with its NFA instead (slower, still linear).
 */
export const DFA_BUDGET_BYTES = 256 * 1024;

/**
 * `compiled` with its DFA built under {@link DFA_BUDGET_BYTES}. re2js has no option for it, so
 * its own DFA class is used with the budget its constructor takes (a test holds the bound).
 */
function withBoundedDfa(compiled: RE2JS): RE2JS {
  const re2 = compiled.re2() as unknown as {
    dfa?: { constructor: new (prog: unknown, maxMem: number) => unknown };
    prog?: unknown;
    lazyDFA?: unknown;
  };
  const Dfa = re2.dfa?.constructor;
  if (Dfa !== undefined && re2.prog !== undefined) re2.lazyDFA = new Dfa(re2.prog, DFA_BUDGET_BYTES);
  return compiled;
}

/**
 * Ajv's `code.regExp`: every `pattern` and `patternProperties` key of a schema is compiled by
 * this instead of `new RegExp`, when the schema is compiled. Each must compile on the
 * linear-time engine; a fixed format whose backtracking is bounded whatever the input
 * (`^[A-Z]{3}$`, see bounded-pattern.ts) then runs on JavaScript's engine, every other pattern
 * on the linear-time one.
 */
export function linearRegExp(pattern: string, flags: string): LinearRegExp {
  if (flags !== 'u' && flags !== '')
    throw new PatternError(pattern, 'unsupported', `flags "${flags}" are not supported`);
  const compiled = compileLinear(pattern);
  const source = `/${pattern}/u`;
  if (runsBoundedNatively(pattern)) {
    const native = new RegExp(pattern, 'u');
    return { test: (value) => native.test(value), toString: () => source };
  }
  return { test: (value) => compiled.test(value), toString: () => source };
}
/** How standalone Ajv code would import it (the toolkit never generates standalone code). */
linearRegExp.code = 'require("@mcpforge/server").linearRegExp';

/**
 * The `regex` format: a string that would compile as a `pattern` of this validator (valid
 * ECMAScript, and runnable in linear time), so a value accepted as a regular expression can be
 * used as one safely.
 */
export function isLinearPattern(value: string): boolean {
  try {
    compileLinear(value);
    return true;
  } catch {
    return false;
  }
}
