import type { EndedToolsetInstance, ToolPresence, ToolsetHintChange } from '../protocol/index.js';

function samePresence(a: ToolPresence | undefined, b: ToolPresence): boolean {
  return (
    a !== undefined &&
    a.kind === b.kind &&
    a.visible === b.visible &&
    a.toolset === b.toolset &&
    a.instance === b.instance
  );
}

/**
 * The hint revisions of one connection: what the host was last told per tool, and the next
 * change. Revisions are consecutive (1, 2, ...) and a change is counted as delivered when it
 * is taken: the host applies a change when it arrives, so nothing is ever resent.
 */
export class HintTracker {
  #rev = 0;
  #told: Record<string, ToolPresence>;
  #ended: EndedToolsetInstance[] = [];

  /** `initial` is what the host saw in `tools/list` (or will see): no change is due for it. */
  constructor(initial: Record<string, ToolPresence>) {
    this.#told = { ...initial };
  }

  get rev(): number {
    return this.#rev;
  }

  /** Instances that ended; they travel with the next change. */
  noteEnded(ended: EndedToolsetInstance): void {
    this.#ended.push(ended);
  }

  /** The host re-read the full state (`tools/list`): the baseline moves without a revision. */
  reset(current: Record<string, ToolPresence>): void {
    this.#told = { ...current };
  }

  /** The change from what the host was told to `current`, or undefined when there is none. */
  take(current: Record<string, ToolPresence>): ToolsetHintChange | undefined {
    const tools: Record<string, ToolPresence> = {};
    for (const [name, presence] of Object.entries(current)) {
      if (!samePresence(this.#told[name], presence)) tools[name] = presence;
    }
    if (Object.keys(tools).length === 0 && this.#ended.length === 0) return undefined;
    this.#told = { ...current };
    this.#rev += 1;
    const change: ToolsetHintChange = { rev: this.#rev, tools };
    if (this.#ended.length > 0) change.ended = this.#ended.splice(0);
    return change;
  }
}
