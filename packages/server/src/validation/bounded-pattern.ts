/**
 * @module
 * Which patterns JavaScript's own (backtracking) engine may run safely: those whose backtracking
 * is bounded by a constant, whatever the input. A pattern anchored at the start (`^...`, no
 * top-level `|`) is tried at one position only; if every quantifier in it is bounded (`{3}`,
 * `{2,5}`, `?`; no `*`, `+`, `{n,}`), the ways it can match are finite: at most the product,
 * over its quantifiers and alternations, of the choices each offers, each way no longer than
 * the longest match. When that worst case is small, the pattern is a fixed format (a date, a
 * currency code, a UUID) that the native engine checks in tens of nanoseconds where the
 * linear-time engine takes microseconds. Every other pattern runs on the linear-time engine.
 */

/** Most backtracking steps (ways × longest match) a pattern may cost to run natively. */
export const MAX_NATIVE_STEPS = 10_000;

/** What a piece of a pattern costs a backtracking engine at worst. */
interface Cost {
  /** Ways the piece can match (capped past the limit). */
  ways: number;
  /** Longest match, in characters. */
  length: number;
}

class Unbounded extends Error {}

/**
 * Whether `pattern` (a valid ECMAScript `u` pattern the linear-time engine also accepts) runs
 * in bounded time on the native engine: anchored at the start, only bounded quantifiers, and at
 * most {@link MAX_NATIVE_STEPS} steps at worst.
 */
export function runsBoundedNatively(pattern: string): boolean {
  if (!pattern.startsWith('^')) return false;
  try {
    const parser = new Parser(pattern);
    const { ways, length, branches } = parser.alternation();
    return branches === 1 && ways * Math.max(length, 1) <= MAX_NATIVE_STEPS;
  } catch (error) {
    if (error instanceof Unbounded) return false;
    throw error;
  }
}

/** A recursive-descent reader of ECMAScript pattern syntax, costing what it reads. */
class Parser {
  readonly #source: string;
  #index = 0;

  constructor(source: string) {
    this.#source = source;
  }

  /** `a|b|c` up to `)` or the end. */
  alternation(): Cost & { branches: number } {
    let ways = 0;
    let length = 0;
    let branches = 0;
    for (;;) {
      const branch = this.#sequence();
      ways = capped(ways + branch.ways);
      length = Math.max(length, branch.length);
      branches++;
      if (this.#source[this.#index] !== '|') return { ways, length, branches };
      this.#index++;
    }
  }

  #sequence(): Cost {
    let ways = 1;
    let length = 0;
    while (this.#index < this.#source.length) {
      const char = this.#source[this.#index];
      if (char === '|' || char === ')') break;
      const atom = this.#atom();
      const term = this.#quantified(atom);
      ways = capped(ways * term.ways);
      length += term.length;
    }
    return { ways, length };
  }

  #atom(): Cost {
    const source = this.#source;
    const char = source[this.#index] as string;
    if (char === '^' || char === '$') {
      this.#index++;
      return { ways: 1, length: 0 };
    }
    if (char === '(') {
      this.#index++;
      if (source[this.#index] === '?') {
        // `(?:` or a named group `(?<name>`; lookaround never reaches here (refused before).
        if (source[this.#index + 1] === ':') this.#index += 2;
        else if (source[this.#index + 1] === '<') this.#index = source.indexOf('>', this.#index) + 1;
        else throw new Unbounded();
      }
      const inner = this.alternation();
      this.#index++; // `)`
      return inner;
    }
    if (char === '[') {
      this.#skipClass();
      return { ways: 1, length: 1 };
    }
    if (char === '\\') {
      this.#skipEscape();
      return { ways: 1, length: 1 };
    }
    this.#index += (source.codePointAt(this.#index) as number) > 0xffff ? 2 : 1;
    return { ways: 1, length: 1 };
  }

  /** The atom with its quantifier, if any: `X{a,b}` matches in Σ ways(X)^k ways, k = a..b. */
  #quantified(atom: Cost): Cost {
    const source = this.#source;
    const char = source[this.#index];
    let min: number;
    let max: number;
    if (char === '*' || char === '+') throw new Unbounded();
    if (char === '?') {
      min = 0;
      max = 1;
      this.#index++;
    } else if (char === '{') {
      const close = source.indexOf('}', this.#index);
      const [low, high] = source.slice(this.#index + 1, close).split(',');
      if (high === '') throw new Unbounded();
      min = Number(low);
      max = high === undefined ? min : Number(high);
      this.#index = close + 1;
    } else return atom;
    if (source[this.#index] === '?') this.#index++; // lazy: the same ways, tried in another order
    let ways = 0;
    let power = capped(atom.ways ** min);
    for (let count = min; count <= max; count++) {
      ways = capped(ways + power);
      power = capped(power * atom.ways);
    }
    return { ways, length: max * atom.length };
  }

  #skipClass(): void {
    const source = this.#source;
    this.#index++;
    if (source[this.#index] === '^') this.#index++;
    // `[]` and `[^]`: a `]` right at the start closes the class in ECMAScript.
    while (source[this.#index] !== ']') {
      if (source[this.#index] === '\\') this.#skipEscape();
      else this.#index++;
    }
    this.#index++;
  }

  #skipEscape(): void {
    const source = this.#source;
    const kind = source[this.#index + 1];
    if ((kind === 'p' || kind === 'P' || kind === 'k') && source[this.#index + 2] !== undefined) {
      const close = source.indexOf(kind === 'k' ? '>' : '}', this.#index);
      this.#index = close + 1;
    } else if (kind === 'u' && source[this.#index + 2] === '{') {
      this.#index = source.indexOf('}', this.#index) + 1;
    } else if (kind === 'u') this.#index += 6;
    else if (kind === 'x') this.#index += 4;
    else if (kind === 'c') this.#index += 3;
    else this.#index += 2;
  }
}

/** Past the limit the exact figure no longer matters (and must not overflow). */
function capped(value: number): number {
  return Math.min(value, MAX_NATIVE_STEPS + 1);
}
