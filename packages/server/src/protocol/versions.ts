/** Protocol versions served with the `initialize` handshake (legacy era), oldest first. */
export const LEGACY_PROTOCOL_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const;
/** Protocol versions served statelessly with per-request `_meta` (modern era). */
export const MODERN_PROTOCOL_VERSIONS = ['2026-07-28'] as const;
/** The newest legacy version: the answer to an `initialize` asking for an unknown version. */
export const LATEST_LEGACY_PROTOCOL_VERSION = '2025-11-25';
/** The newest modern version. */
export const LATEST_MODERN_PROTOCOL_VERSION = '2026-07-28';

export type LegacyProtocolVersion = (typeof LEGACY_PROTOCOL_VERSIONS)[number];
export type ModernProtocolVersion = (typeof MODERN_PROTOCOL_VERSIONS)[number];
/** The era a request is served in. */
export type Era = 'legacy' | 'modern';

const legacySet: ReadonlySet<string> = new Set(LEGACY_PROTOCOL_VERSIONS);
const modernSet: ReadonlySet<string> = new Set(MODERN_PROTOCOL_VERSIONS);

export function isLegacyProtocolVersion(version: unknown): version is LegacyProtocolVersion {
  return typeof version === 'string' && legacySet.has(version);
}

export function isModernProtocolVersion(version: unknown): version is ModernProtocolVersion {
  return typeof version === 'string' && modernSet.has(version);
}
