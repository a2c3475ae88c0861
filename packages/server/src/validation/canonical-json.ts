/**
 * JSON with object keys sorted at every level, so two equal values written in a different key
 * order give the same text (schema cache keys, argument digests, session principals).
 *
 * Written with an explicit stack rather than `JSON.stringify`, which recurses: a peer's value
 * 5 000 levels deep (arguments digested into an MRTR `requestState`) would overflow it. Otherwise
 * it follows `JSON.stringify`: `toJSON` is called, members that are `undefined`, functions or
 * symbols are left out (`null` in arrays), non-finite numbers are `null`, a BigInt or a cycle
 * throws a TypeError. An own `"__proto__"` member (as `JSON.parse` makes) is kept. Keys are in
 * `JSON.stringify`'s order of the sorted keys: array-index keys (`"9"`, `"10"`) first by value,
 * then the others sorted by UTF-16 code units. `undefined` at the top reads `null`.
 */
export function canonicalJson(value: unknown): string {
  return new CanonicalWriter().write(value);
}

interface ArrayFrame {
  readonly array: readonly unknown[];
  index: number;
}

interface ObjectFrame {
  readonly object: Record<string, unknown>;
  readonly keys: readonly string[];
  index: number;
  /** A member was written, so the next one needs a comma. */
  wrote: boolean;
}

type Frame = ArrayFrame | ObjectFrame;

/** Keys JavaScript orders as array indices, before all others: canonical integers below 2^32 - 1. */
const ARRAY_INDEX = /^(?:0|[1-9]\d{0,9})$/;
const MAX_ARRAY_INDEX = 2 ** 32 - 2;

function isArrayIndex(key: string): boolean {
  return ARRAY_INDEX.test(key) && Number(key) <= MAX_ARRAY_INDEX;
}

function sortedKeys(object: object): string[] {
  const indices: string[] = [];
  const names: string[] = [];
  for (const key of Object.keys(object)) (isArrayIndex(key) ? indices : names).push(key);
  indices.sort((a, b) => Number(a) - Number(b));
  names.sort();
  return indices.length === 0 ? names : [...indices, ...names];
}

/** What `JSON.stringify` serialises in place of `value` under `key`: its `toJSON()`, or itself. */
function serialisable(value: unknown, key: string): unknown {
  if ((typeof value === 'object' && value !== null) || typeof value === 'bigint') {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') return toJSON.call(value, key);
  }
  if (value instanceof Number || value instanceof String || value instanceof Boolean) return value.valueOf();
  return value;
}

/** Left out of objects and written `null` in arrays, as `JSON.stringify` does. */
function isSkipped(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

class CanonicalWriter {
  readonly #parts: string[] = [];
  readonly #stack: Frame[] = [];
  /** Objects open on the stack: meeting one again is a cycle. */
  readonly #open = new Set<object>();

  write(value: unknown): string {
    const root = serialisable(value, '');
    if (isSkipped(root)) return 'null';
    this.#value(root);
    while (this.#stack.length > 0) this.#step(this.#stack[this.#stack.length - 1] as Frame);
    return this.#parts.join('');
  }

  /** Writes one member or item of the innermost open array/object, or closes it. */
  #step(frame: Frame): void {
    if ('array' in frame) {
      if (frame.index === frame.array.length) {
        this.#close(frame.array, ']');
        return;
      }
      const index = frame.index++;
      if (index > 0) this.#parts.push(',');
      const item = serialisable(frame.array[index], String(index));
      if (isSkipped(item)) this.#parts.push('null');
      else this.#value(item);
      return;
    }
    for (;;) {
      if (frame.index === frame.keys.length) {
        this.#close(frame.object, '}');
        return;
      }
      const key = frame.keys[frame.index++] as string;
      const member = serialisable(frame.object[key], key);
      if (isSkipped(member)) continue;
      this.#parts.push(`${frame.wrote ? ',' : ''}${JSON.stringify(key)}:`);
      frame.wrote = true;
      this.#value(member);
      return;
    }
  }

  /** Writes a primitive, or opens an array/object (its contents follow on the stack). */
  #value(value: unknown): void {
    switch (typeof value) {
      case 'string':
        this.#parts.push(JSON.stringify(value));
        return;
      case 'number':
        this.#parts.push(Number.isFinite(value) ? JSON.stringify(value) : 'null');
        return;
      case 'boolean':
        this.#parts.push(value ? 'true' : 'false');
        return;
      case 'bigint':
        throw new TypeError('canonicalJson: a BigInt cannot be written as JSON');
    }
    if (value === null) {
      this.#parts.push('null');
      return;
    }
    const node = value as object;
    if (this.#open.has(node)) throw new TypeError('canonicalJson: the value is circular');
    this.#open.add(node);
    if (Array.isArray(node)) {
      this.#parts.push('[');
      this.#stack.push({ array: node, index: 0 });
    } else {
      this.#parts.push('{');
      this.#stack.push({
        object: node as Record<string, unknown>,
        keys: sortedKeys(node),
        index: 0,
        wrote: false,
      });
    }
  }

  #close(node: object, bracket: string): void {
    this.#parts.push(bracket);
    this.#open.delete(node);
    this.#stack.pop();
  }
}
