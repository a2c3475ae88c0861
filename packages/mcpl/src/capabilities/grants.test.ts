import { describe, expect, it } from 'vitest';
import {
  type CapabilityGrantState,
  capabilityGranted,
  capabilityPatternMatches,
  conflictingCapabilityEntries,
  emptyGrantState,
  featureSetSelected,
  grantFromUpdate,
  legacyGrantState,
} from './grants.js';
import { CAPABILITY_PATHS } from './vocabulary.js';

const granted = (effective: unknown): string[] =>
  CAPABILITY_PATHS.filter((path) => capabilityGranted(effective, path));

describe('capabilityPatternMatches (§5.4)', () => {
  it('* matches exactly one segment and segment counts must be equal', () => {
    expect(capabilityPatternMatches('channels.*', 'channels.publish')).toBe(true);
    expect(capabilityPatternMatches('channels.*', 'channels.publish.x')).toBe(false);
    expect(capabilityPatternMatches('channels.*', 'channels')).toBe(false);
    expect(capabilityPatternMatches('*.publish', 'channels.publish')).toBe(true);
    expect(capabilityPatternMatches('channels.pub*', 'channels.publish')).toBe(false);
    expect(capabilityPatternMatches('channels..', 'channels..')).toBe(false);
  });

  it('contextHooks.* grants none of the deeper hook leaves; bare * only depth-1 paths', () => {
    expect(granted(['contextHooks.*'])).toEqual([]);
    expect(granted(['contextHooks.beforeInference.*'])).toEqual(['contextHooks.beforeInference.observe']);
    expect(granted(['contextHooks.beforeInference.inject.*'])).toHaveLength(3);
    expect(granted(['*'])).toEqual([
      'pushEvents',
      'tools',
      'modelInfo',
      'inferenceRequest',
      'inferenceLifecycle',
    ]);
  });

  it('a bare parent grants only itself, which no method needs', () => {
    expect(granted(['channels'])).toEqual([]);
    expect(granted(['inferenceRequest'])).toEqual(['inferenceRequest']);
  });
});

describe('capabilityGranted: effectiveCapabilities is the only allowlist', () => {
  it('fails closed on an absent, empty or malformed grant', () => {
    for (const effective of [undefined, null, [], 'pushEvents', { pushEvents: true }, ['pushEvents', 3]]) {
      expect([effective, granted(effective)]).toEqual([effective, []]);
    }
  });

  it('grants exactly the listed paths and patterns', () => {
    expect(granted(['pushEvents', 'channels.*'])).toEqual([
      'pushEvents',
      'channels.register',
      'channels.lifecycle',
      'channels.publish',
      'channels.incoming',
      'channels.streaming',
      'channels.acknowledge',
      'channels.typing',
    ]);
  });
});

describe('conflictingCapabilityEntries', () => {
  it('finds entries granted and denied at once, literally or by a pattern', () => {
    expect(
      conflictingCapabilityEntries(
        ['pushEvents', 'channels.*'],
        ['pushEvents', 'channels.typing', 'modelInfo'],
      ),
    ).toEqual(['pushEvents', 'channels.typing']);
    expect(conflictingCapabilityEntries(['channels.publish'], ['channels.*'])).toEqual(['channels.*']);
    expect(conflictingCapabilityEntries(['pushEvents'], ['modelInfo'])).toEqual([]);
  });
});

describe('grantFromUpdate (§5.3, §6.7)', () => {
  const ready = (over: Partial<CapabilityGrantState> = {}): CapabilityGrantState => ({
    effectiveCapabilities: ['pushEvents', 'tools'],
    enabledFeatureSets: null,
    disabledFeatureSets: ['old'],
    ready: true,
    ...over,
  });

  it('a request with no effectiveCapabilities grants nothing, and is ready', () => {
    const { state, malformed } = grantFromUpdate(emptyGrantState(), {}, 'request');
    expect(malformed).toBeUndefined();
    expect(state).toEqual({
      effectiveCapabilities: [],
      enabledFeatureSets: null,
      disabledFeatureSets: [],
      ready: true,
    });
    expect(grantFromUpdate(emptyGrantState(), undefined, 'request').state.ready).toBe(true);
  });

  it('a request replaces the policy: enabled is an allowlist, disabled subtracts', () => {
    const { state } = grantFromUpdate(
      ready(),
      { effectiveCapabilities: ['modelInfo'], enabled: ['chat'], disabled: ['chat.voice'] },
      'request',
    );
    expect(state).toEqual({
      effectiveCapabilities: ['modelInfo'],
      enabledFeatureSets: ['chat'],
      disabledFeatureSets: ['chat.voice'],
      ready: true,
    });
  });

  it('deniedCapabilities never authorises nor is needed: only effectiveCapabilities counts', () => {
    const { state } = grantFromUpdate(emptyGrantState(), { deniedCapabilities: ['pushEvents'] }, 'request');
    expect(granted(state.effectiveCapabilities)).toEqual([]);
    const other = grantFromUpdate(
      emptyGrantState(),
      { effectiveCapabilities: ['tools'], deniedCapabilities: ['modelInfo'] },
      'request',
    );
    expect(granted(other.state.effectiveCapabilities)).toEqual(['tools']);
  });

  it('a path in both lists is malformed: empty grant, not ready, previous disabled kept', () => {
    const update = grantFromUpdate(
      ready(),
      { effectiveCapabilities: ['pushEvents', 'tools'], deniedCapabilities: ['pushEvents'] },
      'request',
    );
    expect(update.malformed).toMatch(/both granted and denied: pushEvents/);
    expect(update.conflicts).toEqual(['pushEvents']);
    expect(update.state).toEqual({
      effectiveCapabilities: [],
      enabledFeatureSets: null,
      disabledFeatureSets: ['old'],
      ready: false,
    });
  });

  it('wrong-typed members or params are malformed, fail closed', () => {
    for (const params of [
      { effectiveCapabilities: 'pushEvents' },
      { effectiveCapabilities: ['pushEvents', 1] },
      { effectiveCapabilities: ['push events'] },
      { enabled: {} },
      { disabled: [null] },
      'nope',
      [],
    ]) {
      const update = grantFromUpdate(ready(), params, 'request');
      expect([
        params,
        typeof update.malformed,
        update.state.ready,
        update.state.effectiveCapabilities,
      ]).toEqual([params, 'string', false, []]);
    }
  });

  it('a notification keeps the grant and ready, only narrows, and lists what it discarded', () => {
    const update = grantFromUpdate(
      ready(),
      { effectiveCapabilities: ['*'], enabled: ['new'], deniedCapabilities: [], disabled: ['chat'] },
      'notification',
    );
    expect(update.state).toEqual(ready({ disabledFeatureSets: ['old', 'chat'] }));
    expect(update.discarded).toEqual(['effectiveCapabilities', 'deniedCapabilities', 'enabled']);
  });

  it('a notification cannot establish ready', () => {
    const update = grantFromUpdate(
      emptyGrantState(),
      { effectiveCapabilities: ['pushEvents'] },
      'notification',
    );
    expect(update.state).toEqual(emptyGrantState());
  });

  it('a malformed notification changes nothing', () => {
    const update = grantFromUpdate(ready(), { disabled: 'chat' }, 'notification');
    expect(update.malformed).toEqual(expect.any(String));
    expect(update.state).toEqual(ready());
  });

  it("in the 0.4 dialect a notification's enabled is the allowlist, re-enabling what disabled turned off", () => {
    const start = legacyGrantState(
      {},
      { tools: {}, experimental: { mcpl: { version: '0.4', pushEvents: true } } },
    );
    const off = grantFromUpdate(start, { disabled: ['heartbeat'] }, 'notification', { dialect: '0.4' }).state;
    expect(featureSetSelected(off, 'heartbeat')).toBe(false);
    const on = grantFromUpdate(off, { enabled: ['heartbeat'] }, 'notification', { dialect: '0.4' });
    expect(featureSetSelected(on.state, 'heartbeat')).toBe(true);
    expect(featureSetSelected(on.state, 'other')).toBe(false);
    expect(on.discarded).toEqual([]);
    // A set named in both lists of one message stays disabled.
    const both = grantFromUpdate(off, { enabled: ['heartbeat'], disabled: ['heartbeat'] }, 'notification', {
      dialect: '0.4',
    });
    expect(featureSetSelected(both.state, 'heartbeat')).toBe(false);
  });
});

describe('legacyGrantState (0.4 hosts never send a grant request)', () => {
  it('grants what both sides advertised, tools from the server, and is ready', () => {
    const host = {
      experimental: { mcpl: { version: '0.4', pushEvents: true, channels: true, modelInfo: true } },
    };
    const server = {
      tools: {},
      experimental: { mcpl: { version: '0.4', pushEvents: true, channels: false, inferenceRequest: true } },
    };
    const state = legacyGrantState(host, server);
    expect([...state.effectiveCapabilities].sort()).toEqual(['pushEvents', 'tools']);
    expect(state.ready).toBe(true);
  });
});

describe('featureSetSelected', () => {
  const state = (over: Partial<CapabilityGrantState>): CapabilityGrantState => ({
    effectiveCapabilities: [],
    enabledFeatureSets: null,
    disabledFeatureSets: [],
    ready: true,
    ...over,
  });

  it('nothing runs before the grant is ready', () => {
    expect(featureSetSelected(emptyGrantState(), 'chat')).toBe(false);
  });

  it('enabled is an allowlist, disabled always subtracts, memory.* names a subtree', () => {
    expect(featureSetSelected(state({}), 'chat')).toBe(true);
    expect(featureSetSelected(state({ enabledFeatureSets: ['memory.*'] }), 'memory.retrieval')).toBe(true);
    expect(featureSetSelected(state({ enabledFeatureSets: ['memory.*'] }), 'memory')).toBe(false);
    expect(featureSetSelected(state({ enabledFeatureSets: ['memory.*'] }), 'chat')).toBe(false);
    expect(
      featureSetSelected(state({ enabledFeatureSets: ['chat'], disabledFeatureSets: ['chat'] }), 'chat'),
    ).toBe(false);
    expect(featureSetSelected(state({ disabledFeatureSets: ['memory.*'] }), 'memory.a.b')).toBe(false);
  });
});
