import {
  type EndedToolsetInstance,
  TOOL_PRESENCE_META_KEY,
  type ToolPresence,
  type ToolsetHintChange,
} from '../protocol/index.js';

/** Changes held back while an earlier revision is still on its way; past this the view resyncs. */
export const MAX_HELD_CHANGES = 64;

/** Ended instances kept until taken; older ones are dropped past this. */
export const MAX_KEPT_ENDED = 1024;

/** What {@link ToolPresenceView.apply} did with a change. */
export type HintOutcome = 'applied' | 'held' | 'stale' | 'gap';

function isPresence(value: unknown): value is ToolPresence {
  const presence = value as ToolPresence | null;
  return (
    typeof presence === 'object' &&
    presence !== null &&
    (presence.kind === 'static' || presence.kind === 'dynamic') &&
    typeof presence.visible === 'boolean'
  );
}

/** Whether `value` has the shape of a hint change (RFC-014 draft). */
export function isHintChange(value: unknown): value is ToolsetHintChange {
  const change = value as ToolsetHintChange | null;
  return (
    typeof change === 'object' &&
    change !== null &&
    Number.isSafeInteger(change.rev) &&
    change.rev > 0 &&
    typeof change.tools === 'object' &&
    change.tools !== null &&
    Object.values(change.tools).every(isPresence)
  );
}

/**
 * The tool presence a host last heard from one server connection (the RFC-014 draft's hints):
 * the full list from `tools/list`, then hint changes applied in revision order. A change may
 * reach the host ahead of an earlier one (a call's result and an event read in one chunk), so
 * a change past the next revision waits for it; a stale repeat is ignored; when more than
 * {@link MAX_HELD_CHANGES} wait, the view applies them anyway and reports a `gap` (re-read
 * `tools/list` then).
 */
export class ToolPresenceView {
  readonly #tools = new Map<string, ToolPresence>();
  readonly #held = new Map<number, ToolsetHintChange>();
  readonly #ended: EndedToolsetInstance[] = [];
  #rev = 0;
  readonly #onApplied: ((change: ToolsetHintChange) => void) | undefined;

  /** `onApplied` hears each change once it is in effect, in revision order. */
  constructor(onApplied?: (change: ToolsetHintChange) => void) {
    this.#onApplied = onApplied;
  }

  /** The last revision applied. */
  get rev(): number {
    return this.#rev;
  }

  /** Each known tool's presence (a tool without hints counts as static and visible). */
  get tools(): ReadonlyMap<string, ToolPresence> {
    return this.#tools;
  }

  /** Tool names the model may see now: static tools and visible dynamic ones. */
  visible(): string[] {
    return [...this.#tools].filter(([, presence]) => presence.visible).map(([name]) => name);
  }

  /** Instances the server said ended, oldest first; taking them empties the list. */
  takeEnded(): EndedToolsetInstance[] {
    return this.#ended.splice(0);
  }

  /** The full list (`tools/list`): presence from each tool's `_meta`; the revision stays. */
  reset(tools: ReadonlyArray<{ name: string; _meta?: unknown }>): void {
    this.#tools.clear();
    for (const tool of tools) {
      const meta = (tool._meta ?? {}) as Record<string, unknown>;
      const presence = meta[TOOL_PRESENCE_META_KEY];
      this.#tools.set(tool.name, isPresence(presence) ? presence : { kind: 'static', visible: true });
    }
  }

  /** The server's revision as `toolsets/list` reports it: changes up to it are already in effect. */
  syncRevision(rev: number): void {
    if (!Number.isSafeInteger(rev) || rev < this.#rev) return;
    this.#rev = rev;
    for (const held of [...this.#held.keys()]) if (held <= rev) this.#held.delete(held);
    this.#drain();
  }

  /** Applies a change in revision order (see the class comment). */
  apply(change: ToolsetHintChange): HintOutcome {
    if (change.rev <= this.#rev || this.#held.has(change.rev)) return 'stale';
    if (change.rev > this.#rev + 1) {
      this.#held.set(change.rev, change);
      if (this.#held.size <= MAX_HELD_CHANGES) return 'held';
      for (const rev of [...this.#held.keys()].sort((a, b) => a - b)) {
        this.#merge(this.#held.get(rev) as ToolsetHintChange);
      }
      this.#held.clear();
      return 'gap';
    }
    this.#merge(change);
    this.#drain();
    return 'applied';
  }

  #drain(): void {
    let next = this.#held.get(this.#rev + 1);
    while (next !== undefined) {
      this.#held.delete(next.rev);
      this.#merge(next);
      next = this.#held.get(this.#rev + 1);
    }
  }

  #merge(change: ToolsetHintChange): void {
    for (const [name, presence] of Object.entries(change.tools)) this.#tools.set(name, presence);
    if (Array.isArray(change.ended)) this.#ended.push(...change.ended);
    if (this.#ended.length > MAX_KEPT_ENDED) this.#ended.splice(0, this.#ended.length - MAX_KEPT_ENDED);
    this.#rev = change.rev;
    this.#onApplied?.(change);
  }
}
