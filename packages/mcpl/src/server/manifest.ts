import {
  featureSetEntries,
  featureSetsInDialect,
  type McplCapabilities,
  type McplDialect,
} from '../capabilities/index.js';
import { withRevision } from '../manifest/index.js';
import type { FeatureSetDeclaration } from '../protocol/index.js';

/** The feature set that carries a server's tools: `<name>.tools` (uses `tools`). */
export function toolsFeatureSet(name: string): string {
  return `${name}.tools`;
}

/**
 * The server's 0.5 manifest: `base` plus `<name>.tools` when the server has tools and `base`
 * does not declare it, with its revision (RFC-003). Feature sets are keyed by name here.
 */
export function buildManifest(
  base: McplCapabilities,
  name: string,
  hasTools: boolean,
): Record<string, unknown> {
  const sets: Record<string, FeatureSetDeclaration> = Object.fromEntries(
    featureSetEntries(base.featureSets).map(({ name: setName, declaration }) => [setName, declaration]),
  );
  const toolsSet = toolsFeatureSet(name);
  if (hasTools && sets[toolsSet] === undefined) {
    sets[toolsSet] = { description: `The tools of ${name}`, uses: ['tools'] };
  }
  const { revision: _ignored, ...rest } = base;
  return withRevision({ ...rest, version: '0.5', featureSets: sets });
}

/**
 * The manifest as a host of `dialect` reads it: 0.5 as is; 0.4 with `version: "0.4"`, the
 * array form of `featureSets` (0.4 hosts iterate it) and no revision (the 0.4 era has none).
 */
export function manifestForDialect(
  manifest: Record<string, unknown>,
  dialect: McplDialect,
): Record<string, unknown> {
  if (dialect === '0.5') return manifest;
  const { revision: _ignored, ...rest } = manifest;
  return { ...rest, version: '0.4', featureSets: featureSetsInDialect(manifest['featureSets'], '0.4') };
}
