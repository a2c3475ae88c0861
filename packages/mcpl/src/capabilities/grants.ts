import { isPlainObject } from '../manifest/canonical-json.js';
import type { FeatureSetsUpdateParams } from '../protocol/feature-sets.js';
import { advertisedCapabilitiesFromInitialize } from './advertisement.js';

/**
 * Whether a grant pattern covers a path (§5.4): segment by segment, `*` matching exactly one
 * segment, segment counts equal. `channels.*` covers `channels.publish`, not
 * `channels.publish.x`; `contextHooks.*` covers none of the deeper hook leaves; a bare parent
 * (`channels`) covers only the path `channels`, which no method needs.
 */
export function capabilityPatternMatches(pattern: string, path: string): boolean {
  const want = pattern.split('.');
  const have = path.split('.');
  if (want.length !== have.length) return false;
  return want.every((segment, i) => segment !== '' && (segment === '*' || segment === have[i]));
}

/**
 * Whether `effectiveCapabilities` grants `path`. The grant list is the only authoritative
 * allowlist: whatever it does not cover is denied, and a list that is not an array of strings
 * (null, absent, malformed) grants nothing. `deniedCapabilities` never reaches this decision.
 */
export function capabilityGranted(effectiveCapabilities: unknown, path: string): boolean {
  if (!isStringList(effectiveCapabilities)) return false;
  return effectiveCapabilities.some((pattern) => capabilityPatternMatches(pattern, path));
}

/**
 * Entries of `deniedCapabilities` that `effectiveCapabilities` also names or covers (or that
 * cover one of its entries). Non-empty means the message contradicts itself: reject it as
 * malformed (fail closed).
 */
export function conflictingCapabilityEntries(
  effectiveCapabilities: unknown,
  deniedCapabilities: unknown,
): string[] {
  if (!isStringList(effectiveCapabilities) || !isStringList(deniedCapabilities)) return [];
  return deniedCapabilities.filter((denied) =>
    effectiveCapabilities.some(
      (granted) =>
        granted === denied ||
        capabilityPatternMatches(granted, denied) ||
        capabilityPatternMatches(denied, granted),
    ),
  );
}

/** What a server holds of the host's policy. */
export interface CapabilityGrantState {
  /** The allowlist; empty grants nothing. */
  readonly effectiveCapabilities: readonly string[];
  /** null: no allowlist of feature sets (every valid set may run); otherwise only these. */
  readonly enabledFeatureSets: readonly string[] | null;
  /** Always subtracted; `memory.*` names a subtree. */
  readonly disabledFeatureSets: readonly string[];
  /** False until a grant-bearing `featureSets/update` request arrived (§5.3). */
  readonly ready: boolean;
}

/** Before any grant: nothing granted, not ready. */
export function emptyGrantState(): CapabilityGrantState {
  return { effectiveCapabilities: [], enabledFeatureSets: null, disabledFeatureSets: [], ready: false };
}

/**
 * The grant of a 0.4-dialect host, which never sends a grant request: what both sides
 * advertised in `initialize` (the MCPL walk of each, `tools` from the outer capabilities),
 * ready at once.
 */
export function legacyGrantState(
  hostCapabilities: unknown,
  serverCapabilities: unknown,
): CapabilityGrantState {
  const host = advertisedCapabilitiesFromInitialize(hostCapabilities);
  const server = advertisedCapabilitiesFromInitialize(serverCapabilities);
  // MCP hosts advertise no `tools` (a server capability): the server's capabilities.tools decides.
  host.add('tools');
  const effective = [...server].filter((path) => host.has(path));
  return { effectiveCapabilities: effective, enabledFeatureSets: null, disabledFeatureSets: [], ready: true };
}

export type UpdateKind = 'request' | 'notification';

export interface GrantUpdate {
  state: CapabilityGrantState;
  /** Why the message was rejected as malformed (answer a request with -32602), if it was. */
  malformed: string | undefined;
  /** Entries in both lists (a cause of `malformed`). */
  conflicts: string[];
  /** Members a notification carried and that only a request may set (a diagnostic). */
  discarded: string[];
}

export interface GrantUpdateOptions {
  /**
   * `0.4`: a notification's `enabled` is the allowlist of sets the host wants, re-enabling
   * sets an earlier `disabled` turned off (the 0.4 era had no grant request). Default `0.5`: a
   * notification only narrows.
   */
  dialect?: '0.4' | '0.5' | undefined;
}

const GRANT_MEMBERS = ['effectiveCapabilities', 'deniedCapabilities', 'enabled'] as const;
const LIST_MEMBERS = ['effectiveCapabilities', 'deniedCapabilities', 'enabled', 'disabled'] as const;

/**
 * The grant state after a `featureSets/update` (§5.3, §6.7, pinned 2026-08-02).
 *
 * A **request** replaces the policy: absent `effectiveCapabilities` grants nothing, present
 * `enabled` is an allowlist, `disabled` subtracts; the state is then ready. A malformed request
 * (params not an object, a list member that is not an array of identifiers, a path in both
 * lists) leaves an empty, not-ready grant that keeps the previous `disabled` (fail closed).
 *
 * A **notification** carries no authority: it keeps the previous grant and `ready`, adds its
 * `disabled`, and lists the grant members it carried in `discarded`. A malformed one changes
 * nothing.
 */
export function grantFromUpdate(
  previous: CapabilityGrantState,
  params: unknown,
  kind: UpdateKind,
  options: GrantUpdateOptions = {},
): GrantUpdate {
  const update: Record<string, unknown> = params === undefined ? {} : isPlainObject(params) ? params : {};
  const problem =
    !isPlainObject(params) && params !== undefined ? 'params must be an object' : listProblem(update);
  const conflicts =
    problem === undefined
      ? conflictingCapabilityEntries(update['effectiveCapabilities'], update['deniedCapabilities'])
      : [];
  const malformed =
    problem ?? (conflicts.length > 0 ? `named both granted and denied: ${conflicts.join(', ')}` : undefined);
  const typed = update as FeatureSetsUpdateParams;

  if (kind === 'notification') {
    const discarded = GRANT_MEMBERS.filter((member) => update[member] !== undefined);
    if (malformed !== undefined) return { state: previous, malformed, conflicts, discarded };
    let disabled = union(previous.disabledFeatureSets, typed.disabled ?? []);
    let enabledFeatureSets = previous.enabledFeatureSets;
    if (options.dialect === '0.4' && typed.enabled !== undefined) {
      // The 0.4 era's only policy message: `enabled` names the sets the host wants now.
      const enabled = new Set(typed.enabled);
      disabled = disabled.filter((name) => !enabled.has(name) || typed.disabled?.includes(name));
      enabledFeatureSets = [...typed.enabled];
      discarded.splice(discarded.indexOf('enabled'), 1);
    }
    const state = { ...previous, enabledFeatureSets, disabledFeatureSets: disabled };
    return { state, malformed: undefined, conflicts, discarded };
  }

  if (malformed !== undefined) {
    const state = { ...emptyGrantState(), disabledFeatureSets: previous.disabledFeatureSets };
    return { state, malformed, conflicts, discarded: [] };
  }
  const state: CapabilityGrantState = {
    effectiveCapabilities: [...(typed.effectiveCapabilities ?? [])],
    enabledFeatureSets: typed.enabled === undefined ? null : [...typed.enabled],
    disabledFeatureSets: [...(typed.disabled ?? [])],
    ready: true,
  };
  return { state, malformed: undefined, conflicts, discarded: [] };
}

const ENTRY = /^[A-Za-z0-9_:*-]+(?:\.[A-Za-z0-9_:*-]+)*$/;

function listProblem(update: Record<string, unknown>): string | undefined {
  for (const member of LIST_MEMBERS) {
    const value = update[member];
    if (value === undefined) continue;
    if (!isStringList(value)) return `${member} must be an array of strings`;
    const bad = value.find((entry) => !ENTRY.test(entry));
    if (bad !== undefined) return `${member} has a malformed entry ${JSON.stringify(bad)}`;
  }
  return undefined;
}

/**
 * Whether the feature set `name` may run under `state`: the grant is ready, `disabled` does not
 * name it (`memory.*` covers `memory.retrieval` and deeper), and an `enabled` allowlist, when
 * present, names it. A set's `uses` must still be granted: see `deriveFeatureSets`.
 */
export function featureSetSelected(state: CapabilityGrantState, name: string): boolean {
  if (!state.ready) return false;
  if (state.disabledFeatureSets.some((entry) => featureSetNameMatches(entry, name))) return false;
  if (state.enabledFeatureSets === null) return true;
  return state.enabledFeatureSets.some((entry) => featureSetNameMatches(entry, name));
}

/** `memory` names only itself; `memory.*` names every set below `memory.`; `*` names all. */
export function featureSetNameMatches(entry: string, name: string): boolean {
  if (entry === name || entry === '*') return true;
  return entry.endsWith('.*') && name.startsWith(entry.slice(0, -1));
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
}

function union(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])];
}
