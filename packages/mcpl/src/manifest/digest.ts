import { createHash } from 'node:crypto';
import { canonicalizeJson, isPlainObject } from './canonical-json.js';
import { isStringArray, validateManifestIdentifiers } from './identifiers.js';
import { sortSetArray } from './set-order.js';

/** A manifest revision: `sha256:` and 43 base64url characters. Equality is its only operation. */
export type ManifestRevision = `sha256:${string}`;

const REVISION = /^sha256:[A-Za-z0-9_-]{43}$/;

/** Whether `value` has the shape of a revision (App. B.3). Says nothing of what it digests. */
export function isManifestRevision(value: unknown): value is ManifestRevision {
  return typeof value === 'string' && REVISION.test(value);
}

/**
 * The manifest as the digest sees it (RFC-003 §3.1): a deep copy without the root `revision`
 * (a nested one is content), with the set-valued arrays of the object-keyed `featureSets`
 * (`*.uses`, `*.tagOntology.coreTags`, `*.tagOntology.tags.*.implies`) deduplicated and in
 * UTF-8 order when they hold only strings. Everything else, `false`, `null` and the `true`
 * shorthand included, stays as written.
 * @throws ManifestDigestError as {@link manifestDigest}
 */
export function normalizeManifestForDigest(manifest: unknown): Record<string, unknown> {
  validateManifestIdentifiers(manifest);
  const copy = normalizeSetArrays(manifest as Record<string, unknown>);
  delete copy['revision'];
  return copy;
}

/**
 * A deep copy (JSON data only) with the set arrays normalized, no identifier check: also what
 * the domain diff compares, so a reordered `uses` is no change.
 */
export function normalizeSetArrays(manifest: Record<string, unknown>): Record<string, unknown> {
  const copy = JSON.parse(canonicalizeJson(manifest)) as Record<string, unknown>;
  const featureSets = copy['featureSets'];
  if (!isPlainObject(featureSets)) return copy;
  for (const declaration of Object.values(featureSets)) {
    if (!isPlainObject(declaration)) continue;
    sortMember(declaration, 'uses');
    const ontology = declaration['tagOntology'];
    if (!isPlainObject(ontology)) continue;
    sortMember(ontology, 'coreTags');
    const tags = ontology['tags'];
    if (!isPlainObject(tags)) continue;
    for (const descriptor of Object.values(tags)) {
      if (isPlainObject(descriptor)) sortMember(descriptor, 'implies');
    }
  }
  return copy;
}

function sortMember(owner: Record<string, unknown>, key: string): void {
  const value = owner[key];
  if (isStringArray(value)) owner[key] = sortSetArray(value);
}

/** The exact string whose UTF-8 bytes the digest hashes. */
export function manifestCanonicalString(manifest: unknown): string {
  return canonicalizeJson(normalizeManifestForDigest(manifest));
}

/**
 * The manifest's revision: `"sha256:" + base64url_unpadded(SHA-256(UTF-8(JCS(manifest
 * without its root revision))))`, set arrays normalized first. Total over JSON objects except
 * for a bad identifier.
 * @throws ManifestDigestError `ERR_MANIFEST_IDENTIFIER_CHARSET` (vectors: `identifier_charset`),
 *   `ERR_MANIFEST_NOT_OBJECT` (`manifest_not_object`), and, for values no JSON text can hold,
 *   `ERR_MANIFEST_NOT_JSON` / `ERR_MANIFEST_TOO_DEEP`.
 */
export function manifestDigest(manifest: unknown): ManifestRevision {
  const hash = createHash('sha256').update(manifestCanonicalString(manifest), 'utf8').digest('base64url');
  return `sha256:${hash}`;
}

/** A copy of `manifest` carrying its own revision. */
export function withRevision<T extends object>(manifest: T): T & { revision: ManifestRevision } {
  const copy = normalizeCopy(manifest);
  return { ...copy, revision: manifestDigest(manifest) } as T & { revision: ManifestRevision };
}

function normalizeCopy<T extends object>(manifest: T): T {
  const copy = JSON.parse(canonicalizeJson(manifest)) as Record<string, unknown>;
  delete copy['revision'];
  return copy as T;
}
