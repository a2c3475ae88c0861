/** §17 / RFC-003: manifest change announcements. */

/** The three change domains (§17.1), in the order announcements list them. */
export const CHANGE_DOMAINS = ['capabilities', 'featureSets', 'tagOntology'] as const;

export type ChangeDomain = (typeof CHANGE_DOMAINS)[number];

/** `mcpl/manifestChanged` (S→H notification, never gated): exactly these two members. */
export interface ManifestChangedParams {
  revision: string;
  /** A non-empty subset of {@link CHANGE_DOMAINS}. */
  domains: ChangeDomain[];
}

/**
 * `mcpl/manifest` (H→S request, params `{}`): the whole `experimental.mcpl` object, never a
 * delta, no wrapper.
 */
export type ManifestResult = Record<string, unknown> & { version: string; revision?: string | undefined };

/** What a host's receipt says a change did (§17.5). */
export type ChangeImpact =
  | 'capability-revoked'
  | 'capability-expansion-pending'
  | 'feature-degraded'
  | 'feature-restored'
  | 'ontology-acceptance-invalidated'
  | 'ontology-reference-undeclared'
  | 'surface-changed';

export type ChangeDisposition = 'applied' | 'decision-needed' | 'informational';
