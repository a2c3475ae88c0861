import { isPlainObject } from '../manifest/canonical-json.js';
import type {
  FeatureSetDeclaration,
  FeatureSetDeclaration04,
  FeatureSetDisabledReason,
} from '../protocol/feature-sets.js';
import type { McplDialect } from './dialect.js';
import { capabilityGranted } from './grants.js';
import { isCapabilityPath } from './vocabulary.js';

export interface UsesValidation {
  valid: boolean;
  reason?: 'invalid_uses';
  /** The entries that are not vocabulary paths (non-strings as JSON). */
  unrecognized: string[];
}

/**
 * §6.4: `uses` must be a non-empty array of vocabulary paths. Absent, empty, or holding
 * anything else is invalid: the host disables the set with `invalid_uses` and does not guess.
 */
export function validateUses(uses: unknown): UsesValidation {
  if (!Array.isArray(uses) || uses.length === 0)
    return { valid: false, reason: 'invalid_uses', unrecognized: [] };
  const unrecognized = uses
    .filter((entry) => !isCapabilityPath(entry))
    .map((entry) => (typeof entry === 'string' ? entry : String(JSON.stringify(entry))));
  return unrecognized.length === 0
    ? { valid: true, unrecognized }
    : { valid: false, reason: 'invalid_uses', unrecognized };
}

/** One declared feature set, whichever dialect declared it. */
export interface FeatureSetEntry {
  name: string;
  declaration: FeatureSetDeclaration;
}

/**
 * The feature sets of a `featureSets` member in either dialect: the 0.5 object keyed by name or
 * the 0.4 array of `{ name, … }`. Entries that are not objects, or array entries without a string
 * name, are skipped; a repeated array name keeps its first entry. `true` (a host's mirror) and
 * anything else give none.
 */
export function featureSetEntries(featureSets: unknown): FeatureSetEntry[] {
  if (isPlainObject(featureSets)) {
    return Object.entries(featureSets)
      .filter((entry): entry is [string, FeatureSetDeclaration] => isPlainObject(entry[1]))
      .map(([name, declaration]) => ({ name, declaration }));
  }
  if (!Array.isArray(featureSets)) return [];
  const seen = new Set<string>();
  const entries: FeatureSetEntry[] = [];
  for (const item of featureSets) {
    if (!isPlainObject(item) || typeof item['name'] !== 'string' || seen.has(item['name'])) continue;
    const { name, ...declaration } = item as FeatureSetDeclaration04;
    seen.add(name);
    entries.push({ name, declaration: declaration as FeatureSetDeclaration });
  }
  return entries;
}

/**
 * Feature sets written in a dialect: the 0.5 object keyed by name, or the 0.4 array (which
 * mcpl-harness needs: it iterates `featureSets` with `for…of`).
 */
export function featureSetsInDialect(
  featureSets: unknown,
  dialect: McplDialect,
): Record<string, FeatureSetDeclaration> | FeatureSetDeclaration04[] {
  const entries = featureSetEntries(featureSets);
  if (dialect === '0.4') return entries.map(({ name, declaration }) => ({ name, ...declaration }));
  return Object.fromEntries(entries.map(({ name, declaration }) => [name, declaration]));
}

export interface DisabledFeatureSet {
  reason: Exclude<FeatureSetDisabledReason, 'not_selected'>;
  /** For `capability_denied`: the `uses` the grant does not cover; for `invalid_uses`: the bad entries. */
  missingCapabilities: string[];
}

export interface DerivedFeatureSets {
  enabled: string[];
  disabled: Record<string, DisabledFeatureSet>;
}

/**
 * Which declared sets can run under a grant (§6.4): a set with invalid `uses` is disabled
 * (`invalid_uses`); one whose `uses` needs a path `effectiveCapabilities` does not grant is
 * disabled (`capability_denied`); the rest are enabled. Selection by `enabled`/`disabled`
 * lists is `featureSetSelected`'s.
 */
export function deriveFeatureSets(featureSets: unknown, effectiveCapabilities: unknown): DerivedFeatureSets {
  const enabled: string[] = [];
  // Null prototype: a set named `__proto__` is a key like any other.
  const disabled: Record<string, DisabledFeatureSet> = Object.create(null);
  for (const { name, declaration } of featureSetEntries(featureSets)) {
    const uses = validateUses(declaration.uses);
    if (!uses.valid) {
      disabled[name] = { reason: 'invalid_uses', missingCapabilities: uses.unrecognized };
      continue;
    }
    const missing = declaration.uses.filter((path) => !capabilityGranted(effectiveCapabilities, path));
    if (missing.length > 0) disabled[name] = { reason: 'capability_denied', missingCapabilities: missing };
    else enabled.push(name);
  }
  return { enabled, disabled };
}
