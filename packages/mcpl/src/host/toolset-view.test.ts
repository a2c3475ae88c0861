import { describe, expect, it } from 'vitest';
import type { ToolPresence } from '../protocol/index.js';
import { isHintChange, MAX_HELD_CHANGES, MAX_KEPT_ENDED, ToolPresenceView } from './toolset-view.js';

const hidden: ToolPresence = { kind: 'dynamic', visible: false, toolset: 'game' };
const shown: ToolPresence = { kind: 'dynamic', visible: true, toolset: 'game', instance: 'game-1' };

function listed(view: ToolPresenceView): void {
  view.reset([
    { name: 'scores' },
    { name: 'play', _meta: { 'mcpl/toolset': hidden } },
    { name: 'toolset_use', _meta: { 'mcpl/toolset': { kind: 'static', visible: true } } },
  ]);
}

describe('ToolPresenceView', () => {
  it('starts from tools/list: a tool without presence is static and visible', () => {
    const view = new ToolPresenceView();
    listed(view);
    expect(view.visible()).toEqual(['scores', 'toolset_use']);
    expect(view.tools.get('play')).toEqual(hidden);
    expect(view.rev).toBe(0);
  });

  it('applies changes in revision order, holding one that arrives ahead of its predecessor', () => {
    const applied: number[] = [];
    const view = new ToolPresenceView((change) => applied.push(change.rev));
    listed(view);
    expect(view.apply({ rev: 2, tools: { play: hidden } })).toBe('held');
    expect(view.tools.get('play')).toEqual(hidden);
    expect(view.apply({ rev: 1, tools: { play: shown } })).toBe('applied');
    // 1 then the held 2: play ends hidden, as the server meant.
    expect(view.rev).toBe(2);
    expect(view.tools.get('play')).toEqual(hidden);
    expect(applied).toEqual([1, 2]);
    expect(view.apply({ rev: 2, tools: { play: shown } })).toBe('stale');
    expect(
      view.apply({
        rev: 3,
        tools: { play: shown },
        ended: [{ toolset: 'game', instance: 'game-0', reason: 'won' }],
      }),
    ).toBe('applied');
    expect(view.visible()).toContain('play');
    expect(view.takeEnded()).toEqual([{ toolset: 'game', instance: 'game-0', reason: 'won' }]);
    expect(view.takeEnded()).toEqual([]);
  });

  it('a revision that never comes: past MAX_HELD_CHANGES the held changes apply and it is a gap', () => {
    const view = new ToolPresenceView();
    let outcome = '';
    for (let rev = 2; rev <= MAX_HELD_CHANGES + 2; rev += 1)
      outcome = view.apply({ rev, tools: { play: shown } });
    expect(outcome).toBe('gap');
    expect(view.rev).toBe(MAX_HELD_CHANGES + 2);
    expect(view.apply({ rev: MAX_HELD_CHANGES + 3, tools: { play: hidden } })).toBe('applied');
  });

  it('toolsets/list revision: changes up to it are in effect, later held ones apply', () => {
    const view = new ToolPresenceView();
    view.apply({ rev: 5, tools: { play: shown } });
    view.syncRevision(4);
    expect(view.rev).toBe(5);
    expect(view.tools.get('play')).toEqual(shown);
    view.syncRevision(2);
    expect(view.rev).toBe(5);
  });

  it('keeps at most MAX_KEPT_ENDED ended instances', () => {
    const view = new ToolPresenceView();
    const ended = Array.from({ length: MAX_KEPT_ENDED + 5 }, (_, i) => ({
      toolset: 'g',
      instance: `g-${i}`,
      reason: 'r',
    }));
    view.apply({ rev: 1, tools: {}, ended });
    const kept = view.takeEnded();
    expect(kept).toHaveLength(MAX_KEPT_ENDED);
    expect(kept[0]?.instance).toBe('g-5');
  });

  it('isHintChange checks rev and every presence', () => {
    expect(isHintChange({ rev: 1, tools: { play: shown } })).toBe(true);
    expect(isHintChange({ rev: 0, tools: {} })).toBe(false);
    expect(isHintChange({ rev: 1.5, tools: {} })).toBe(false);
    expect(isHintChange({ rev: 1, tools: { play: { kind: 'odd', visible: true } } })).toBe(false);
    expect(isHintChange({ rev: 1 })).toBe(false);
    expect(isHintChange(null)).toBe(false);
  });
});
