/**
 * Strict media types (RFC 9110 §8.3.1) and `Accept` media ranges (§12.5.1).
 *
 * `Content-Type` and `Accept` used to be matched by substring, which let
 * `text/plain; x=application/json` through (a CORS-safelisted type that a browser sends
 * cross-site without preflight) and refused `APPLICATION/JSON`. Here a value is parsed
 * whole: type and subtype are tokens compared case-insensitively, parameters are
 * `name=token` or `name="quoted string"`, and anything else makes the value invalid.
 * @module
 */

/** A parsed media type; `type`, `subtype` and parameter names are lower case. */
export interface MediaType {
  readonly type: string;
  readonly subtype: string;
  /** Parameter values as sent (unquoted), by lower-case name; the first of a repeated name wins. */
  readonly parameters: ReadonlyMap<string, string>;
}

/** One element of an `Accept` list: a media range (`*` for a wildcard) and its weight. */
export interface MediaRange extends MediaType {
  /** The `q` weight, 0 to 1; 1 when absent. */
  readonly q: number;
}

const SPACE = 0x20;
const TAB = 0x09;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SLASH = 0x2f;
const SEMICOLON = 0x3b;
const EQUALS = 0x3d;
const COMMA = 0x2c;

/** `tchar` of RFC 9110 §5.6.2, indexed by char code (ASCII only). */
const TCHAR: readonly boolean[] = Array.from({ length: 128 }, (_, code) =>
  /[!#$%&'*+\-.^_`|~0-9A-Za-z]/.test(String.fromCharCode(code)),
);
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

function isTchar(code: number): boolean {
  return code < 128 && (TCHAR[code] as boolean);
}

/** A cursor over one header value; every method returns `undefined` on a syntax error. */
class Scanner {
  readonly text: string;
  at = 0;

  constructor(text: string) {
    this.text = text;
  }

  get done(): boolean {
    return this.at >= this.text.length;
  }

  peek(): number {
    return this.text.charCodeAt(this.at);
  }

  skipSpace(): void {
    while (this.peek() === SPACE || this.peek() === TAB) this.at++;
  }

  token(): string | undefined {
    const start = this.at;
    while (!this.done && isTchar(this.peek())) this.at++;
    return this.at === start ? undefined : this.text.slice(start, this.at);
  }

  /** `quoted-string`: qdtext and quoted pairs; returns the unescaped content. */
  quoted(): string | undefined {
    this.at++; // the opening quote
    let value = '';
    while (!this.done) {
      const code = this.peek();
      if (code === QUOTE) {
        this.at++;
        return value;
      }
      if (code === BACKSLASH) {
        this.at++;
        if (this.done || !isFieldText(this.peek())) return undefined;
      } else if (!isFieldText(code)) {
        return undefined;
      }
      value += this.text[this.at];
      this.at++;
    }
    return undefined; // unterminated
  }

  /** `type "/" subtype`, lower-cased. */
  typeAndSubtype(): [string, string] | undefined {
    const type = this.token();
    if (type === undefined || this.peek() !== SLASH) return undefined;
    this.at++;
    const subtype = this.token();
    return subtype === undefined ? undefined : [type.toLowerCase(), subtype.toLowerCase()];
  }

  /** `*( OWS ";" OWS [ parameter ] )`, stopping before a `,` or the end. */
  parameters(): Map<string, string> | undefined {
    const parameters = new Map<string, string>();
    for (;;) {
      this.skipSpace();
      if (this.done || this.peek() === COMMA) return parameters;
      if (this.peek() !== SEMICOLON) return undefined;
      this.at++;
      this.skipSpace();
      if (this.done || this.peek() === SEMICOLON || this.peek() === COMMA) continue; // empty parameter
      const name = this.token();
      if (name === undefined || this.peek() !== EQUALS) return undefined;
      this.at++;
      const value = this.peek() === QUOTE ? this.quoted() : this.token();
      if (value === undefined) return undefined;
      const key = name.toLowerCase();
      if (!parameters.has(key)) parameters.set(key, value);
    }
  }
}

/** HTAB, SP, visible ASCII and obs-text: what a quoted string may hold. */
function isFieldText(code: number): boolean {
  return code === TAB || (code >= SPACE && code !== 0x7f && code <= 0xff);
}

/**
 * Parses a whole `Content-Type`-style value (surrounding whitespace allowed).
 * Returns `undefined` when it is not exactly one valid media type.
 */
export function parseMediaType(value: string): MediaType | undefined {
  const scanner = new Scanner(value);
  scanner.skipSpace();
  const names = scanner.typeAndSubtype();
  if (names === undefined) return undefined;
  const parameters = scanner.parameters();
  if (parameters === undefined || !scanner.done) return undefined;
  return { type: names[0], subtype: names[1], parameters };
}

/**
 * Parses an `Accept` value into its media ranges, in order. Empty list elements are
 * skipped (RFC 9110 §5.6.1); returns `undefined` when any element is invalid, including
 * a `q` that is not a qvalue and a `*` type with a concrete subtype.
 */
export function parseAccept(value: string): MediaRange[] | undefined {
  const scanner = new Scanner(value);
  const ranges: MediaRange[] = [];
  for (;;) {
    scanner.skipSpace();
    if (scanner.done) return ranges;
    if (scanner.peek() === COMMA) {
      scanner.at++;
      continue;
    }
    const names = scanner.typeAndSubtype();
    if (names === undefined || (names[0] === '*' && names[1] !== '*')) return undefined;
    const parameters = scanner.parameters();
    if (parameters === undefined) return undefined;
    const weight = parameters.get('q');
    if (weight !== undefined && !QVALUE.test(weight)) return undefined;
    ranges.push({
      type: names[0],
      subtype: names[1],
      parameters,
      q: weight === undefined ? 1 : Number(weight),
    });
  }
}

/** Whether `value` is `application/json`, with any parameters (case-insensitive). */
export function isJsonMediaType(value: string | undefined): boolean {
  if (value === undefined) return false;
  // The value every client sends; skips the parse on the hot path.
  if (value === 'application/json') return true;
  const parsed = parseMediaType(value);
  return parsed !== undefined && parsed.type === 'application' && parsed.subtype === 'json';
}

/** How closely a range matches a type: 3 exact, 2 `type/*`, 1 `* /*`, 0 not at all. */
function specificity(range: MediaRange, type: string, subtype: string): number {
  if (range.type === '*') return 1;
  if (range.type !== type) return 0;
  if (range.subtype === '*') return 2;
  return range.subtype === subtype ? 3 : 0;
}

/** The last `Accept` value asked about and the answer: clients repeat theirs on every request. */
let lastAccept: { value: string; type: string; subtype: string; accepted: boolean } | undefined;

/**
 * Whether an `Accept` value admits `type/subtype` (lower case): the most specific matching
 * range decides, and it must have a weight above 0. A missing header admits anything; an
 * invalid one admits nothing.
 */
export function acceptsMediaType(accept: string | undefined, type: string, subtype: string): boolean {
  if (accept === undefined) return true;
  const last = lastAccept;
  if (last !== undefined && last.value === accept && last.type === type && last.subtype === subtype) {
    return last.accepted;
  }
  const ranges = parseAccept(accept);
  let best = 0;
  let q = 0;
  for (const range of ranges ?? []) {
    const rank = specificity(range, type, subtype);
    if (rank > best) {
      best = rank;
      q = range.q;
    } else if (rank === best && rank > 0) {
      q = Math.max(q, range.q);
    }
  }
  const accepted = best > 0 && q > 0;
  lastAccept = { value: accept, type, subtype, accepted };
  return accepted;
}

/** Whether an `Accept` value admits an SSE answer (`text/event-stream`). */
export function acceptsEventStream(accept: string | undefined): boolean {
  return acceptsMediaType(accept, 'text', 'event-stream');
}
