/**
 * forge/floor and forge/SDK v2 for a row: value over value, whatever the direction.
 * No ratio when either side is zero or negative (a heap that shrank has no meaningful ratio).
 */
export function ratios(results) {
  const forge = results.forge?.value;
  const over = (other) =>
    typeof forge === 'number' && typeof other === 'number' && forge > 0 && other > 0 ? forge / other : null;
  return { forgeFloor: round2(over(results.floor?.value)), forgeV2: round2(over(results.sdk2?.value)) };
}

function round2(value) {
  return value === null ? null : Math.round(value * 100) / 100;
}
