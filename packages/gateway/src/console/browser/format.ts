/**
 * How the console writes times, sizes and JSON for a person.
 * @module
 */

/** `2026-12-01 23:39:16 UTC`, or a dash. */
export function time(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** `1.2 KB`. */
export function bytes(count: number): string {
  if (count < 1000) return `${count} B`;
  if (count < 1_000_000) return `${(count / 1000).toFixed(1)} KB`;
  return `${(count / 1_000_000).toFixed(2)} MB`;
}

/** `12 ms`, `1.4 s`. */
export function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** JSON with sorted keys, indented: stable for a person to read and for a diff. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(sortKeys(value), null, 2) ?? 'null';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort())
    sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
  return sorted;
}

/** A `datetime-local` value (local time) as ISO 8601 UTC, or undefined when empty. */
export function fromLocalInput(value: string): string | undefined {
  if (value === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
