/**
 * `value` when it is a positive integer, `fallback` when undefined. Anything else is a RangeError
 * naming the option: NaN would silently turn a limit off, or make a lifetime end at once.
 */
export function positiveIntegerOption(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}
