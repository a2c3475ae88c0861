/**
 * Plain aligned columns for lists a person reads (`keys list`); `--json` is for scripts.
 * @module
 */

/**
 * `rows` under `headers`, each column as wide as its widest cell, two spaces apart; `heading`
 * styles the header line (bold on a terminal).
 */
export function table(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  heading: (text: string) => string = (text) => text,
): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] as number)))
      .join('  ')
      .trimEnd();
  return [heading(line(headers)), ...rows.map(line)].join('\n');
}

/** An ISO time as `2026-12-01 15:40` (UTC), or `-` for none. */
export function shortTime(iso: string | null | undefined): string {
  if (iso === null || iso === undefined || iso === '') return '-';
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}
