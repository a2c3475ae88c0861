import { CHANGE_DOMAINS, type ChangeDomain } from '../protocol/manifest.js';
import { canonicalizeJson, isPlainObject } from './canonical-json.js';
import { normalizeSetArrays } from './digest.js';

/** Root members that are not in the `capabilities` domain. */
const NOT_CAPABILITIES: ReadonlySet<string> = new Set(['version', 'revision', 'featureSets']);

/**
 * The domains (SPEC §17.1) in which `next` differs from `previous`, in {@link CHANGE_DOMAINS}
 * order: `capabilities` (every root member but `version`, `revision`, `featureSets`, vendor
 * members included), `featureSets` (that member without any `tagOntology`), `tagOntology` (every
 * set's). Absent is not empty: `featureSets` appearing as `{}` changes `featureSets` and
 * `tagOntology`. A change of `version` or `revision` alone names no domain. A `previous` of
 * null (nothing known) names all three. Set arrays compare as sets, as the digest does.
 * @throws ManifestDigestError `ERR_MANIFEST_NOT_JSON` / `ERR_MANIFEST_TOO_DEEP` for values no
 *   JSON text can hold (identifiers are not checked here)
 */
export function changedDomains(
  previous: Record<string, unknown> | null,
  next: Record<string, unknown>,
): ChangeDomain[] {
  if (previous === null) return [...CHANGE_DOMAINS];
  const before = projectDomains(previous);
  const after = projectDomains(next);
  return CHANGE_DOMAINS.filter((domain) => before[domain] !== after[domain]);
}

/** Each domain's canonical text, or `undefined` when the domain is absent. */
type DomainProjection = Record<ChangeDomain, string | undefined>;

function projectDomains(manifest: Record<string, unknown>): DomainProjection {
  const normalized = normalizeSetArrays(manifest);
  // Null prototypes: a member named `__proto__` is content like any other.
  const capabilities: Record<string, unknown> = Object.create(null);
  for (const [name, value] of Object.entries(normalized)) {
    if (!NOT_CAPABILITIES.has(name)) capabilities[name] = value;
  }
  const featureSets = normalized['featureSets'];
  if (featureSets === undefined) {
    return { capabilities: canonicalizeJson(capabilities), featureSets: undefined, tagOntology: undefined };
  }
  const { declarations, ontologies } = splitOntologies(featureSets);
  return {
    capabilities: canonicalizeJson(capabilities),
    featureSets: canonicalizeJson(declarations),
    tagOntology: canonicalizeJson(ontologies),
  };
}

/** `featureSets` without `tagOntology`, and the ontologies by set (either dialect's shape). */
function splitOntologies(featureSets: unknown): { declarations: unknown; ontologies: unknown } {
  const strip = (declaration: unknown): { declaration: unknown; ontology: unknown } => {
    if (!isPlainObject(declaration) || !('tagOntology' in declaration)) {
      return { declaration, ontology: undefined };
    }
    const { tagOntology, ...rest } = declaration;
    return { declaration: rest, ontology: tagOntology };
  };
  if (Array.isArray(featureSets)) {
    // The 0.4 dialect's array: an ontology belongs to the entry at its index.
    const parts = featureSets.map(strip);
    return {
      declarations: parts.map((part) => part.declaration),
      ontologies: parts.map((part) => part.ontology ?? null),
    };
  }
  if (!isPlainObject(featureSets)) return { declarations: featureSets, ontologies: null };
  const declarations: Record<string, unknown> = Object.create(null);
  const ontologies: Record<string, unknown> = Object.create(null);
  for (const [name, declaration] of Object.entries(featureSets)) {
    const part = strip(declaration);
    declarations[name] = part.declaration;
    if (part.ontology !== undefined) ontologies[name] = part.ontology;
  }
  return { declarations, ontologies };
}
