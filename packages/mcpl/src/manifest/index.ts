export { canonicalizeJson, isPlainObject, MAX_MANIFEST_DEPTH } from './canonical-json.js';
export {
  isManifestRevision,
  type ManifestRevision,
  manifestCanonicalString,
  manifestDigest,
  normalizeManifestForDigest,
  withRevision,
} from './digest.js';
export { changedDomains } from './domains.js';
export { isManifestIdentifier, validateManifestIdentifiers } from './identifiers.js';
export { compareUtf8, sortSetArray } from './set-order.js';
export {
  type AttachOptions,
  type ManifestChange,
  type ManifestNotifier,
  ManifestTracker,
  type ManifestTrackerOptions,
} from './tracker.js';
