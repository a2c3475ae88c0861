import { ArgumentError } from './argument-error.js';

/** Raw tool arguments as received (`params.arguments`), possibly absent. */
export type RawArguments = Readonly<Record<string, unknown>> | undefined | null;

/** The value of `key`, or `undefined` when absent or `null` (only own keys count). */
function read(args: RawArguments, key: string): unknown {
  if (args === undefined || args === null || !Object.hasOwn(args, key)) return undefined;
  const value = args[key];
  return value === null ? undefined : value;
}

const INTEGER_TEXT = /^[+-]?\d+$/;

/** A safe integer from a number or a decimal integer string, or `undefined` if it is not one. */
function toInteger(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (!INTEGER_TEXT.test(trimmed)) return undefined;
    const parsed = Number(trimmed);
    return Number.isSafeInteger(parsed) ? parsed : undefined;
  }
  return undefined;
}

/**
 * A string argument. Numbers, booleans and bigints are converted with `String()`;
 * absent or `null` gives `fallback`.
 * @throws ArgumentError when the value is an object or array.
 */
export function getString(args: RawArguments, key: string): string | undefined;
export function getString(args: RawArguments, key: string, fallback: string): string;
export function getString(args: RawArguments, key: string, fallback?: string): string | undefined {
  const value = read(args, key);
  if (value === undefined) return fallback;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  throw new ArgumentError(key, 'must be a string');
}

/**
 * A non-empty string argument.
 * @throws ArgumentError when absent, empty or not a string.
 */
export function requireString(args: RawArguments, key: string): string {
  const value = read(args, key);
  if (value === undefined) throw new ArgumentError(key, 'is required');
  if (typeof value !== 'string') throw new ArgumentError(key, 'must be a string');
  if (value === '') throw new ArgumentError(key, 'must not be empty');
  return value;
}

/**
 * An integer argument from a number or a numeric string (`3`, `"3"`), within the
 * safe integer range. Absent or `null` gives `fallback`.
 * @throws ArgumentError for fractions, non-numeric strings, out-of-range values and other types.
 */
export function getInt(args: RawArguments, key: string): number | undefined;
export function getInt(args: RawArguments, key: string, fallback: number): number;
export function getInt(args: RawArguments, key: string, fallback?: number): number | undefined {
  const value = read(args, key);
  if (value === undefined) return fallback;
  const integer = toInteger(value);
  if (integer === undefined) throw new ArgumentError(key, 'must be an integer');
  return integer;
}

/**
 * A boolean argument: `true`/`false`, or the exact strings `"true"`/`"false"`.
 * Absent or `null` gives `fallback`.
 * @throws ArgumentError for anything else (including `1`, `"yes"`).
 */
export function getBool(args: RawArguments, key: string): boolean | undefined;
export function getBool(args: RawArguments, key: string, fallback: boolean): boolean;
export function getBool(args: RawArguments, key: string, fallback?: boolean): boolean | undefined {
  const value = read(args, key);
  if (value === undefined) return fallback;
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new ArgumentError(key, 'must be a boolean');
}

function readArray(args: RawArguments, key: string): unknown[] {
  const value = read(args, key);
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new ArgumentError(key, 'must be an array');
  return value;
}

/**
 * An array of strings; empty strings are dropped, absent gives `[]`.
 * @throws ArgumentError when not an array or an item is not a string.
 */
export function getStringArray(args: RawArguments, key: string): string[] {
  const out: string[] = [];
  for (const [index, item] of readArray(args, key).entries()) {
    if (typeof item !== 'string') throw new ArgumentError(`${key}/${index}`, 'must be a string');
    if (item !== '') out.push(item);
  }
  return out;
}

/**
 * An array of integers; items may be numbers or numeric strings (as `getInt`), absent gives `[]`.
 * @throws ArgumentError when not an array or an item is not an integer.
 */
export function getIntArray(args: RawArguments, key: string): number[] {
  return readArray(args, key).map((item, index) => {
    const integer = toInteger(item);
    if (integer === undefined) throw new ArgumentError(`${key}/${index}`, 'must be an integer');
    return integer;
  });
}

/**
 * An object of string values (e.g. headers); absent gives `{}`. The result is a
 * fresh object with only own keys, so `__proto__` cannot change its prototype.
 * @throws ArgumentError when not a plain object or a value is not a string.
 */
export function getStringMap(args: RawArguments, key: string): Record<string, string> {
  const value = read(args, key);
  if (value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new ArgumentError(key, 'must be an object of strings');
  }
  const entries = Object.entries(value as Record<string, unknown>).map(([name, item]): [string, string] => {
    if (typeof item !== 'string') throw new ArgumentError(`${key}/${name}`, 'must be a string');
    return [name, item];
  });
  return Object.fromEntries(entries);
}
