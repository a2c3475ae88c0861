/**
 * The MCPL dialects accepted on the wire: `0.5` (this spec) and `0.4`, the era every deployed
 * peer speaks (array `featureSets`, `featureSets/update` as a notification, no grant request).
 */
export type McplDialect = '0.4' | '0.5';

export const MCPL_VERSION = '0.5';

/** The dialect of a `version` member (`"0.4"`, `"0.4.1"`, `"0.5"`, `"0.5.0-draft"`); undefined otherwise. */
export function mcplDialect(version: unknown): McplDialect | undefined {
  if (typeof version !== 'string') return undefined;
  const match = /^0\.(4|5)(?:$|[.-])/.exec(version);
  if (match === null) return undefined;
  return match[1] === '4' ? '0.4' : '0.5';
}
