import { LATEST_MODERN_PROTOCOL_VERSION } from '@mcpforge/server';
import type { Findings } from './report.js';
import { CheckSession, CLIENT_INFO } from './session.js';
import { describeOutcome, type McpTransport, type RpcOutcome } from './transport.js';

/** The legacy versions checked: the newest, and the one most hosts still send. */
export const CHECKED_LEGACY_VERSIONS = ['2025-11-25', '2025-06-18'] as const;

/** A handshake that worked; or one the server does not speak; or a server that died or hung on it. */
export type Handshake = { session: CheckSession; server?: ServerInfo | undefined } | 'unsupported' | 'broken';

/** What a server said about itself in a handshake. */
export interface ServerInfo {
  name?: string | undefined;
  version?: string | undefined;
}

function serverInfoOf(value: unknown): ServerInfo | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { name, version } = value as Record<string, unknown>;
  return {
    ...(typeof name === 'string' ? { name } : {}),
    ...(typeof version === 'string' ? { version } : {}),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reports an outcome that means the server is gone or mute; true when it was one. */
export function reportBroken(
  findings: Findings,
  outcome: RpcOutcome,
  step: string,
): outcome is Extract<RpcOutcome, { kind: 'timeout' | 'failed' }> {
  if (outcome.kind === 'timeout') {
    findings.error(
      'transport',
      'step_timeout',
      `${step}: no answer within ${outcome.timeoutMs} ms`,
      'answer every request (a server that is only slow can be given more time with --timeout-ms)',
    );
    return true;
  }
  if (outcome.kind === 'failed' && (outcome.status === 401 || outcome.status === 403)) {
    findings.error(
      'transport',
      'unauthorized',
      `${step}: refused with ${outcome.reason}`,
      "give the server's credentials: --header 'Authorization: Bearer TOKEN'",
    );
    return true;
  }
  if (outcome.kind === 'failed' && outcome.unreachable === true) {
    findings.error(
      'transport',
      'server_unreachable',
      `${step}: ${outcome.reason}`,
      'start the server first, or correct the host and port in --url',
    );
    return true;
  }
  if (outcome.kind === 'failed') {
    findings.error(
      'transport',
      'server_crashed',
      `${step}: ${outcome.reason}`,
      "keep serving after each request; look at the server's stderr for the cause",
    );
    return true;
  }
  return false;
}

/**
 * `initialize` at `version`, then `notifications/initialized`, on `transport`. Returns the
 * session when the server speaks that legacy version, else undefined (with findings).
 */
export async function legacyHandshake(
  transport: McpTransport,
  version: string,
  timeoutMs: number,
  findings: Findings,
): Promise<Handshake> {
  const session = new CheckSession(transport, 'legacy', timeoutMs);
  const outcome = await session.request('initialize', {
    protocolVersion: version,
    capabilities: {},
    clientInfo: CLIENT_INFO,
  });
  if (reportBroken(findings, outcome, `initialize (${version})`)) return 'broken';
  if (outcome.kind !== 'result') {
    findings.warn(
      'handshake',
      'legacy_handshake_failed',
      `initialize (${version}) got ${describeOutcome(outcome)}: hosts on the initialize handshake cannot use this server`,
      'answer initialize with protocolVersion, capabilities and serverInfo (a modern-only server cannot serve those hosts)',
    );
    return 'unsupported';
  }
  const result = outcome.result;
  if (
    !isObject(result) ||
    typeof result['protocolVersion'] !== 'string' ||
    !isObject(result['capabilities'])
  ) {
    findings.error(
      'handshake',
      'legacy_handshake_failed',
      `initialize (${version}) answered without a string protocolVersion and a capabilities object`,
      'answer initialize with { protocolVersion, capabilities, serverInfo }',
    );
    return 'unsupported';
  }
  const initialized = await session.notify('notifications/initialized');
  if (initialized !== undefined) {
    findings.error(
      'handshake',
      'initialized_refused',
      `notifications/initialized: ${initialized}`,
      'accept notifications/initialized (over HTTP with 202 Accepted)',
    );
  }
  if (result['protocolVersion'] !== version) {
    findings.warn(
      'handshake',
      'legacy_version_not_echoed',
      `initialize asked for ${version}, the server answered ${String(result['protocolVersion'])}: hosts on ${version} disconnect`,
      `support ${version} and echo it`,
    );
    return 'unsupported';
  }
  findings.ok('handshake', `legacy ${version}: initialize and notifications/initialized`);
  return { session, server: serverInfoOf(result['serverInfo']) };
}

/** `server/discover` (2026-07-28) on `transport`; the session when the server speaks the modern era. */
export async function modernHandshake(
  transport: McpTransport,
  timeoutMs: number,
  findings: Findings,
): Promise<Handshake> {
  const session = new CheckSession(transport, 'modern', timeoutMs);
  const outcome = await session.request('server/discover');
  // A legacy-only server may stay silent on server/discover; one that dies on it is broken.
  if (outcome.kind === 'failed' && reportBroken(findings, outcome, 'server/discover')) return 'broken';
  if (outcome.kind !== 'result') {
    findings.warn(
      'handshake',
      'modern_not_supported',
      `server/discover (${LATEST_MODERN_PROTOCOL_VERSION}) got ${describeOutcome(outcome)}: hosts on the modern era fall back to initialize, or cannot connect`,
      `serve ${LATEST_MODERN_PROTOCOL_VERSION} requests (per-request _meta, server/discover); @mcpforge/server does both eras`,
    );
    return 'unsupported';
  }
  const result = outcome.result;
  const versions = isObject(result) ? result['supportedVersions'] : undefined;
  if (!isObject(result) || !Array.isArray(versions) || !isObject(result['capabilities'])) {
    findings.error(
      'handshake',
      'modern_discover_invalid',
      'server/discover answered without supportedVersions and capabilities',
      'answer server/discover with { resultType, supportedVersions, capabilities, _meta }',
    );
    return 'unsupported';
  }
  if (!versions.includes(LATEST_MODERN_PROTOCOL_VERSION)) {
    findings.warn(
      'handshake',
      'modern_not_supported',
      `server/discover lists ${versions.map(String).join(', ')}, not ${LATEST_MODERN_PROTOCOL_VERSION}`,
      `support ${LATEST_MODERN_PROTOCOL_VERSION}`,
    );
    return 'unsupported';
  }
  if (result['resultType'] !== undefined && result['resultType'] !== 'complete') {
    findings.error(
      'handshake',
      'modern_discover_invalid',
      `server/discover answered resultType ${JSON.stringify(result['resultType'])}`,
      'answer server/discover with resultType "complete"',
    );
  }
  findings.ok('handshake', `modern ${LATEST_MODERN_PROTOCOL_VERSION}: server/discover`);
  const meta = isObject(result['_meta']) ? result['_meta'] : {};
  return { session, server: serverInfoOf(meta['io.modelcontextprotocol/serverInfo']) };
}
