/**
 * @module
 * JSON Schema patterns are ECMAScript regular expressions (`u` flag, as Ajv compiles them);
 * the linear-time engine reads RE2 syntax. This rewrites an ECMAScript pattern, already checked
 * by `new RegExp(pattern, 'u')`, into the RE2 pattern that matches the same strings, in one pass:
 * - `.` and `\s`/`\S` keep ECMAScript's meaning (RE2's `.` stops only at `\n`, its `\s` is
 *   ASCII only), spelled as classes;
 * - escapes RE2 spells differently (`\uXXXX`, `\u{...}`, surrogate pairs, `\cX`, `\0`, `[\b]`)
 *   become `\x{...}`; `\p{Script=Greek}` and `\p{gc=Letter}` become RE2's `\p{Greek}`, `\p{L}`;
 * - `[]` (nothing) and `[^]` (anything), and a `[` inside a class (never a POSIX `[:alpha:]`);
 * - what no linear-time engine can run is refused, naming it: lookahead, lookbehind,
 *   backreferences, inline modifiers.
 * RE2's own limits (a repeat count over 1000, an unknown Unicode property) are its compiler's
 * to report.
 */

/** A pattern the linear-time engine cannot run, and why (in words for the schema's author). */
export class UnsupportedPatternError extends Error {
  override readonly name = 'UnsupportedPatternError';
}

/** ECMAScript's line terminators: what `.` does not match. */
const LINE_TERMINATORS = '\\n\\r\\x{2028}\\x{2029}';

/** ECMAScript's `\s`: WhiteSpace and LineTerminator (Unicode `Zs` included). */
const WHITESPACE =
  '\\t\\n\\x{B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';

/** ECMAScript's `\S` as ranges, for use inside a class (RE2 cannot negate part of a class). */
const NOT_WHITESPACE =
  '\\x{0}-\\x{8}\\x{E}-\\x{1F}\\x{21}-\\x{9F}\\x{A1}-\\x{167F}\\x{1681}-\\x{1FFF}\\x{200B}-\\x{2027}' +
  '\\x{202A}-\\x{202E}\\x{2030}-\\x{205E}\\x{2060}-\\x{2FFF}\\x{3001}-\\x{FEFE}\\x{FF00}-\\x{10FFFF}';

/** ECMAScript's long General_Category names, as RE2 knows them. */
const GENERAL_CATEGORIES: Readonly<Record<string, string>> = {
  Letter: 'L',
  Cased_Letter: 'LC',
  Uppercase_Letter: 'Lu',
  Lowercase_Letter: 'Ll',
  Titlecase_Letter: 'Lt',
  Modifier_Letter: 'Lm',
  Other_Letter: 'Lo',
  Mark: 'M',
  Nonspacing_Mark: 'Mn',
  Spacing_Mark: 'Mc',
  Enclosing_Mark: 'Me',
  Number: 'N',
  Decimal_Number: 'Nd',
  digit: 'Nd',
  Letter_Number: 'Nl',
  Other_Number: 'No',
  Punctuation: 'P',
  punct: 'P',
  Connector_Punctuation: 'Pc',
  Dash_Punctuation: 'Pd',
  Open_Punctuation: 'Ps',
  Close_Punctuation: 'Pe',
  Initial_Punctuation: 'Pi',
  Final_Punctuation: 'Pf',
  Other_Punctuation: 'Po',
  Symbol: 'S',
  Math_Symbol: 'Sm',
  Currency_Symbol: 'Sc',
  Modifier_Symbol: 'Sk',
  Other_Symbol: 'So',
  Separator: 'Z',
  Space_Separator: 'Zs',
  Line_Separator: 'Zl',
  Paragraph_Separator: 'Zp',
  Other: 'C',
  Control: 'Cc',
  cntrl: 'Cc',
  Format: 'Cf',
  Surrogate: 'Cs',
  Private_Use: 'Co',
  Unassigned: 'Cn',
};

const HEX = /^[0-9A-Fa-f]+$/;

function codePoint(value: number): string {
  return `\\x{${value.toString(16).toUpperCase()}}`;
}

/**
 * The RE2 form of `pattern`, a valid ECMAScript `u`-flag pattern.
 * @throws UnsupportedPatternError for lookaround, backreferences and inline modifiers.
 */
export function toRe2Syntax(pattern: string): string {
  let out = '';
  let index = 0;
  let inClass = false;
  while (index < pattern.length) {
    const char = pattern[index] as string;
    if (char === '\\') {
      const [text, next] = escapeAt(pattern, index, inClass);
      out += text;
      index = next;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      out += char === '[' ? '\\[' : literal(pattern, index);
      index += literalLength(pattern, index);
      continue;
    }
    switch (char) {
      case '[': {
        const negated = pattern[index + 1] === '^';
        const start = index + (negated ? 2 : 1);
        if (pattern[start] === ']') {
          // `[]` matches nothing and `[^]` any character; RE2 reads `[]...]` as a class holding `]`.
          out += negated ? '[\\x{0}-\\x{10FFFF}]' : '[^\\x{0}-\\x{10FFFF}]';
          index = start + 1;
        } else {
          out += negated ? '[^' : '[';
          index = start;
          inClass = true;
        }
        continue;
      }
      case '.':
        out += `[^${LINE_TERMINATORS}]`;
        index += 1;
        continue;
      case '(': {
        const [text, next] = group(pattern, index);
        out += text;
        index = next;
        continue;
      }
      default:
        out += literal(pattern, index);
        index += literalLength(pattern, index);
    }
  }
  return out;
}

function literalLength(pattern: string, index: number): number {
  return (pattern.codePointAt(index) as number) > 0xffff ? 2 : 1;
}

/** One literal character; NUL and lone surrogates spelled as escapes. */
function literal(pattern: string, index: number): string {
  const value = pattern.codePointAt(index) as number;
  if (value === 0 || (value >= 0xd800 && value <= 0xdfff)) return codePoint(value);
  return value > 0xffff ? pattern.slice(index, index + 2) : (pattern[index] as string);
}

/** The opening of a group at `index`: `(`, `(?:`, a named group, or a refusal. */
function group(pattern: string, index: number): [string, number] {
  if (pattern[index + 1] !== '?') return ['(', index + 1];
  const kind = pattern[index + 2];
  if (kind === ':') return ['(?:', index + 3];
  if (kind === '=' || kind === '!')
    throw new UnsupportedPatternError(`lookahead (?${kind}...) is not supported`);
  if (kind === '<') {
    const after = pattern[index + 3];
    if (after === '=' || after === '!')
      throw new UnsupportedPatternError(`lookbehind (?<${after}...) is not supported`);
    // A named group: the name only matters to backreferences, which are refused.
    const close = pattern.indexOf('>', index + 3);
    return ['(', close + 1];
  }
  throw new UnsupportedPatternError('inline modifiers (?flags:...) are not supported');
}

/** The escape at `index` (a backslash) as RE2 reads it, and the index after it. */
function escapeAt(pattern: string, index: number, inClass: boolean): [string, number] {
  const char = pattern[index + 1] as string;
  const after = index + 2;
  switch (char) {
    case 'd':
    case 'D':
    case 'w':
    case 'W':
    case 't':
    case 'n':
    case 'f':
    case 'r':
      return [`\\${char}`, after];
    case 'v':
      return [codePoint(0x0b), after];
    case 'b':
      // In a class, `\b` is a backspace; outside, a word boundary (ASCII words in both engines).
      return [inClass ? codePoint(0x08) : '\\b', after];
    case 'B':
      return ['\\B', after];
    case 's':
      return [inClass ? WHITESPACE : `[${WHITESPACE}]`, after];
    case 'S':
      return [inClass ? NOT_WHITESPACE : `[^${WHITESPACE}]`, after];
    case '0':
      return [codePoint(0), after];
    case 'c':
      return [codePoint((pattern.charCodeAt(after) as number) % 32), after + 1];
    case 'x':
      return [codePoint(Number.parseInt(pattern.slice(after, after + 2), 16)), after + 2];
    case 'u':
      return unicodeEscape(pattern, after);
    case 'p':
    case 'P':
      return property(pattern, char, after);
    case 'k':
      throw new UnsupportedPatternError('backreferences (\\k<name>) are not supported');
    default:
      if (char >= '1' && char <= '9')
        throw new UnsupportedPatternError(`backreferences (\\${char}) are not supported`);
      // An escaped syntax character (`\.`, `\/`, `\-`): RE2 takes any escaped punctuation.
      return [`\\${char}`, after];
  }
}

/** `\uXXXX` (a surrogate pair of them is one code point, as under the `u` flag) or `\u{...}`. */
function unicodeEscape(pattern: string, start: number): [string, number] {
  if (pattern[start] === '{') {
    const close = pattern.indexOf('}', start);
    return [codePoint(Number.parseInt(pattern.slice(start + 1, close), 16)), close + 1];
  }
  const high = Number.parseInt(pattern.slice(start, start + 4), 16);
  const next = start + 4;
  if (high >= 0xd800 && high <= 0xdbff && pattern.startsWith('\\u', next)) {
    const digits = pattern.slice(next + 2, next + 6);
    const low = HEX.test(digits) ? Number.parseInt(digits, 16) : Number.NaN;
    if (low >= 0xdc00 && low <= 0xdfff)
      return [codePoint(0x10000 + (high - 0xd800) * 0x400 + (low - 0xdc00)), next + 6];
  }
  return [codePoint(high), next];
}

/** `\p{...}`/`\P{...}` with ECMAScript's names turned into RE2's (RE2 refuses what it does not know). */
function property(pattern: string, char: string, start: number): [string, number] {
  const close = pattern.indexOf('}', start);
  const body = pattern.slice(start + 1, close);
  const equals = body.indexOf('=');
  let name = body;
  if (equals >= 0) {
    const key = body.slice(0, equals);
    name = body.slice(equals + 1);
    if (key === 'Script_Extensions' || key === 'scx')
      throw new UnsupportedPatternError(`\\${char}{${body}}: Script_Extensions is not supported`);
  }
  return [`\\${char}{${GENERAL_CATEGORIES[name] ?? name}}`, close + 1];
}
