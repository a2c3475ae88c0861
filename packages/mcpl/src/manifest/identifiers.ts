import { ManifestDigestError } from '../errors/mcpl-error.js';
import { isPlainObject } from './canonical-json.js';

const IDENTIFIER = /^[A-Za-z0-9._:*-]+$/;

/** Root members that are not capability names. */
const NOT_CAPABILITIES: ReadonlySet<string> = new Set(['version', 'revision', 'featureSets']);

/** Whether `value` is a manifest identifier: a non-empty run of `[A-Za-z0-9._:*-]`. */
export function isManifestIdentifier(value: unknown): value is string {
  return typeof value === 'string' && IDENTIFIER.test(value);
}

/**
 * Checks every identifier position of a manifest (the vector file's fail-closed reading):
 * capability member names at every depth, feature-set names, `uses[]`, and the tag ontology's
 * `coreTags[]`, `tags` keys, `tags.*.implies[]`, `tags.*.facet`, `keyed` keys,
 * `keyed.*.values[]`, `suggestedTreatment[].tagsAny|tagsAll|tagsNone[]`.
 *
 * Only where the shape is the 0.5 one: an array-form `featureSets`, a wrong-typed value, or an
 * array holding a non-string is hashed verbatim and checked by nobody here (SPEC §17.2 totality).
 * @throws ManifestDigestError `ERR_MANIFEST_IDENTIFIER_CHARSET` at the first bad identifier;
 *   `ERR_MANIFEST_NOT_OBJECT` when `manifest` is not a JSON object.
 */
export function validateManifestIdentifiers(manifest: unknown): void {
  if (!isPlainObject(manifest)) {
    throw new ManifestDigestError(
      'ERR_MANIFEST_NOT_OBJECT',
      '',
      manifest,
      'the manifest is not a JSON object',
    );
  }
  for (const [name, value] of Object.entries(manifest)) {
    if (NOT_CAPABILITIES.has(name)) continue;
    checkCapabilityMember(name, name, value);
  }
  const featureSets = manifest['featureSets'];
  if (!isPlainObject(featureSets)) return;
  for (const [name, declaration] of Object.entries(featureSets)) {
    const path = `featureSets.${name}`;
    checkIdentifier(path, name);
    if (!isPlainObject(declaration)) continue;
    checkElements(`${path}.uses[]`, declaration['uses']);
    const ontology = declaration['tagOntology'];
    if (isPlainObject(ontology)) checkOntology(`${path}.tagOntology`, ontology);
  }
}

function checkCapabilityMember(path: string, name: string, value: unknown): void {
  checkIdentifier(path, name);
  if (!isPlainObject(value)) return;
  for (const [child, member] of Object.entries(value))
    checkCapabilityMember(`${path}.${child}`, child, member);
}

function checkOntology(path: string, ontology: Record<string, unknown>): void {
  checkElements(`${path}.coreTags[]`, ontology['coreTags']);
  const tags = ontology['tags'];
  if (isPlainObject(tags)) {
    for (const [tag, descriptor] of Object.entries(tags)) {
      checkIdentifier(`${path}.tags.${tag}`, tag);
      if (!isPlainObject(descriptor)) continue;
      checkElements(`${path}.tags.${tag}.implies[]`, descriptor['implies']);
      const facet = descriptor['facet'];
      if (typeof facet === 'string') checkIdentifier(`${path}.tags.${tag}.facet`, facet);
    }
  }
  const keyed = ontology['keyed'];
  if (isPlainObject(keyed)) {
    for (const [key, descriptor] of Object.entries(keyed)) {
      checkIdentifier(`${path}.keyed.${key}`, key);
      if (isPlainObject(descriptor)) checkElements(`${path}.keyed.${key}.values[]`, descriptor['values']);
    }
  }
  const rules = ontology['suggestedTreatment'];
  if (Array.isArray(rules)) {
    for (const rule of rules) {
      if (!isPlainObject(rule)) continue;
      for (const member of ['tagsAny', 'tagsAll', 'tagsNone']) {
        checkElements(`${path}.suggestedTreatment.${member}[]`, rule[member]);
      }
    }
  }
}

/** The elements of an all-string array; any other value is content, not identifiers. */
function checkElements(path: string, value: unknown): void {
  if (!isStringArray(value)) return;
  for (const element of value) checkIdentifier(path, element);
}

function checkIdentifier(path: string, value: string): void {
  if (IDENTIFIER.test(value)) return;
  throw new ManifestDigestError(
    'ERR_MANIFEST_IDENTIFIER_CHARSET',
    path,
    value,
    'an identifier must be a non-empty run of [A-Za-z0-9._:*-]',
  );
}

export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((element) => typeof element === 'string');
}
