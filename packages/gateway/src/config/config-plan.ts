import { canonicalJson } from '@mcpforge/server';
import type { ConfigDocument } from './config-document.js';

/**
 * The plan of an apply: for each section, allow-list entry, operation and agent of the
 * workspace before or after, whether it was created, changed (with the changed values, path by
 * path, and what was published), archived (operations, agents), removed (allow-list entries) or
 * left unchanged. Built by comparing the workspace's document before and after the apply, so it
 * says what happened, not what was meant to.
 * @module
 */

export type PlanKind = 'section' | 'upstreamHost' | 'operation' | 'agent';
export type PlanStatus = 'created' | 'changed' | 'archived' | 'removed' | 'unchanged';

/** One value that differs: `path` within the entry (`draft.binding.baseUrl`); absent sides are undefined. */
export interface PlanChange {
  path: string;
  before?: unknown;
  after?: unknown;
}

export interface PlanEntry {
  kind: PlanKind;
  /** The slug, or the host pattern. */
  name: string;
  status: PlanStatus;
  /** For `changed`: what differs, at most {@link MAX_CHANGES_SHOWN}. */
  changes: PlanChange[];
  /** Versions made: `published version 2`. */
  published: number | null;
}

export interface ConfigPlan {
  workspace: string;
  /** False for a dry run: the plan of what an apply would do, with nothing changed. */
  applied: boolean;
  /** Whether the workspace itself was (or would be) created. */
  workspaceCreated: boolean;
  entries: PlanEntry[];
  counts: Record<PlanStatus, number>;
  /** What apply cannot do, said rather than hidden: sections it cannot remove. */
  warnings: string[];
}

/** Changes listed per entry; the rest are counted in one last line. */
export const MAX_CHANGES_SHOWN = 50;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The leaf values that differ between `before` and `after`, by path. */
export function diffValues(before: unknown, after: unknown, path = '', out: PlanChange[] = []): PlanChange[] {
  if (canonicalJson(before) === canonicalJson(after)) return out;
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const key of keys) diffValues(before[key], after[key], path === '' ? key : `${path}.${key}`, out);
    return out;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    for (const [index, item] of before.entries()) diffValues(item, after[index], `${path}[${index}]`, out);
    return out;
  }
  const change: PlanChange = { path };
  if (before !== undefined) change.before = before;
  if (after !== undefined) change.after = after;
  out.push(change);
  return out;
}

function capped(changes: PlanChange[]): PlanChange[] {
  if (changes.length <= MAX_CHANGES_SHOWN) return changes;
  const more = changes.length - MAX_CHANGES_SHOWN;
  return [...changes.slice(0, MAX_CHANGES_SHOWN), { path: `(${more} more changes)` }];
}

type Named = { name: string; value: unknown };

function entriesOf(document: ConfigDocument | undefined): Record<PlanKind, Named[]> {
  return {
    section: (document?.sections ?? []).map((value) => ({ name: value.slug, value })),
    upstreamHost: (document?.upstreamHosts ?? []).map((value) => ({ name: value.hostPattern, value })),
    operation: (document?.operations ?? []).map((value) => ({ name: value.slug, value })),
    agent: (document?.agents ?? []).map((value) => ({ name: value.slug, value })),
  };
}

const KINDS: readonly PlanKind[] = ['section', 'upstreamHost', 'operation', 'agent'];

/**
 * The plan from the workspace's document `before` (undefined: no workspace) and `after`, and
 * the versions published on the way (`operation/slug` and `agent/slug` to the version made).
 */
export function planOf(
  before: ConfigDocument | undefined,
  after: ConfigDocument,
  published: ReadonlyMap<string, number>,
  options: { applied: boolean; warnings: string[] },
): ConfigPlan {
  const old = entriesOf(before);
  const now = entriesOf(after);
  const entries: PlanEntry[] = [];
  for (const kind of KINDS) {
    const previous = new Map(old[kind].map((entry) => [entry.name, entry.value]));
    const names = new Set([...old[kind].map((e) => e.name), ...now[kind].map((e) => e.name)]);
    const current = new Map(now[kind].map((entry) => [entry.name, entry.value]));
    for (const name of [...names].sort()) {
      const version = published.get(`${kind}/${name}`) ?? null;
      const was = previous.get(name);
      const is = current.get(name);
      let status: PlanStatus;
      let changes: PlanChange[] = [];
      if (was === undefined) status = 'created';
      else if (is === undefined) status = kind === 'upstreamHost' ? 'removed' : 'archived';
      else {
        changes = capped(diffValues(was, is));
        status = changes.length > 0 || version !== null ? 'changed' : 'unchanged';
      }
      entries.push({ kind, name, status, changes, published: version });
    }
  }
  const counts: Record<PlanStatus, number> = {
    created: 0,
    changed: 0,
    archived: 0,
    removed: 0,
    unchanged: 0,
  };
  for (const entry of entries) counts[entry.status]++;
  return {
    workspace: after.workspace,
    applied: options.applied,
    workspaceCreated: before === undefined,
    entries,
    counts,
    warnings: options.warnings,
  };
}
