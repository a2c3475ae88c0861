/**
 * Orders strings by their UTF-8 bytes (RFC-003 §3.1's set order), which is Unicode code-point
 * order. JavaScript's default sort compares UTF-16 code units and disagrees above U+FFFF
 * (U+10000 would sort before U+FFFD), so set arrays never use it.
 */
export function compareUtf8(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Both in or both out of the surrogate range: code-unit order is code-point order here.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs === ys) return x - y;
    // A surrogate (a code point above U+FFFF) sorts after any BMP code unit above U+DFFF.
    return xs ? 1 : -1;
  }
  return a.length - b.length;
}

/** A set-valued array as the digest writes it: duplicates removed, UTF-8 byte order. */
export function sortSetArray(values: readonly string[]): string[] {
  return [...new Set(values)].sort(compareUtf8);
}
