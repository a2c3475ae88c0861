import { invalidField } from '../errors/gateway-error.js';

/**
 * Readers for untrusted JSON input (admin API bodies, imported documents): each checks one
 * value and throws an `invalid_field` GatewayError naming its path (`binding.timeoutMs`).
 * @module
 */

/** A JSON object (not null, not an array). */
export type JsonRecord = Record<string, unknown>;

/** `value` as an object, or an error naming `field`. */
export function readObject(value: unknown, field: string): JsonRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidField(field, 'must be an object');
  }
  return value as JsonRecord;
}

/** Refuses keys outside `allowed`: a misspelt option is an error, never silently ignored. */
export function rejectUnknownKeys(value: JsonRecord, allowed: readonly string[], field: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      const where = field === '' ? key : `${field}.${key}`;
      throw invalidField(where, `is not a known field (known: ${allowed.join(', ')})`);
    }
  }
}

/** Bounds of {@link readString}. */
export interface StringRule {
  min?: number;
  max: number;
  pattern?: RegExp;
  /** Said instead of the pattern's source when it does not match. */
  patternHint?: string;
}

/** A string of `rule.min`..`rule.max` characters matching `rule.pattern`. */
export function readString(value: unknown, field: string, rule: StringRule): string {
  if (typeof value !== 'string') throw invalidField(field, 'must be a string');
  const min = rule.min ?? 1;
  if (value.length < min || value.length > rule.max) {
    throw invalidField(field, `must be ${min}..${rule.max} characters (got ${value.length})`);
  }
  if (rule.pattern !== undefined && !rule.pattern.test(value)) {
    throw invalidField(field, `must match ${rule.patternHint ?? rule.pattern.source}`);
  }
  return value;
}

/** {@link readString}, or undefined when `value` is undefined. */
export function readOptionalString(value: unknown, field: string, rule: StringRule): string | undefined {
  return value === undefined ? undefined : readString(value, field, rule);
}

/** An integer in `min..max`, or `fallback` when `value` is undefined. */
export function readInteger(
  value: unknown,
  field: string,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw invalidField(field, 'must be an integer');
  if (value < min || value > max) throw invalidField(field, `must be ${min}..${max} (got ${value})`);
  return value;
}

/** A boolean, or `fallback` when `value` is undefined. */
export function readBoolean(value: unknown, field: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw invalidField(field, 'must be true or false');
  return value;
}

/** One of `choices`, or `fallback` when `value` is undefined. */
export function readChoice<T extends string>(
  value: unknown,
  field: string,
  choices: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
    throw invalidField(field, `must be one of ${choices.map((c) => `'${c}'`).join(', ')}`);
  }
  return value as T;
}

/** An array (empty when undefined) of at most `max` items, each read by `item`, without duplicates. */
export function readUniqueList<T>(
  value: unknown,
  field: string,
  max: number,
  item: (entry: unknown, field: string) => T,
): T[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalidField(field, 'must be an array');
  if (value.length > max) throw invalidField(field, `must have at most ${max} items (got ${value.length})`);
  const items = value.map((entry, index) => item(entry, `${field}[${index}]`));
  const seen = new Set<T>();
  items.forEach((entry, index) => {
    if (seen.has(entry)) throw invalidField(`${field}[${index}]`, `repeats ${JSON.stringify(entry)}`);
    seen.add(entry);
  });
  return items;
}
