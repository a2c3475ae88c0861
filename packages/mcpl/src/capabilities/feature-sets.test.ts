import { describe, expect, it } from 'vitest';
import { deriveFeatureSets, featureSetEntries, featureSetsInDialect, validateUses } from './feature-sets.js';

describe('validateUses (§6.4)', () => {
  it('accepts a non-empty array of vocabulary paths', () => {
    expect(validateUses(['tools', 'channels.publish'])).toEqual({ valid: true, unrecognized: [] });
  });

  it('absent, empty or non-array uses is invalid_uses', () => {
    for (const uses of [undefined, [], 'tools', { tools: true }]) {
      expect(validateUses(uses)).toEqual({ valid: false, reason: 'invalid_uses', unrecognized: [] });
    }
  });

  it('unrecognised entries (removed paths, interior nodes, non-strings) make it invalid and are listed', () => {
    expect(validateUses(['tools', 'channels.observe', 'channels', 1])).toEqual({
      valid: false,
      reason: 'invalid_uses',
      unrecognized: ['channels.observe', 'channels', '1'],
    });
  });
});

describe('feature sets in both dialects', () => {
  const v05 = {
    chat: { description: 'Chat', uses: ['channels.publish', 'tools'] },
    memory: { description: 'Memory', uses: ['contextHooks.beforeInference.inject.system'] },
    broken: { description: 'Broken', uses: [] },
  };
  const v04 = [
    { name: 'chat', description: 'Chat', uses: ['channels.publish', 'tools'], rollback: false },
    { name: 'chat', description: 'Duplicate', uses: ['tools'] },
    { description: 'no name', uses: ['tools'] },
    'not an object',
  ];

  it('featureSetEntries reads the 0.5 object and the 0.4 array (first of a repeated name wins)', () => {
    expect(featureSetEntries(v05).map((entry) => entry.name)).toEqual(['chat', 'memory', 'broken']);
    expect(featureSetEntries(v04)).toEqual([
      {
        name: 'chat',
        declaration: { description: 'Chat', uses: ['channels.publish', 'tools'], rollback: false },
      },
    ]);
    expect(featureSetEntries(true)).toEqual([]);
  });

  it('featureSetsInDialect writes either shape', () => {
    expect(featureSetsInDialect(v05, '0.4')).toEqual([
      { name: 'chat', description: 'Chat', uses: ['channels.publish', 'tools'] },
      { name: 'memory', description: 'Memory', uses: ['contextHooks.beforeInference.inject.system'] },
      { name: 'broken', description: 'Broken', uses: [] },
    ]);
    expect(featureSetsInDialect(v04, '0.5')).toEqual({
      chat: { description: 'Chat', uses: ['channels.publish', 'tools'], rollback: false },
    });
  });

  it('deriveFeatureSets: invalid uses, a capability the grant lacks, or enabled', () => {
    expect(deriveFeatureSets(v05, ['channels.*', 'tools'])).toEqual({
      enabled: ['chat'],
      disabled: {
        memory: {
          reason: 'capability_denied',
          missingCapabilities: ['contextHooks.beforeInference.inject.system'],
        },
        broken: { reason: 'invalid_uses', missingCapabilities: [] },
      },
    });
    // Fail closed: no grant disables every set that needs anything.
    expect(deriveFeatureSets(v04, null).enabled).toEqual([]);
  });

  it('a set named __proto__ is reported like any other', () => {
    const sets = JSON.parse('{"__proto__":{"description":"d","uses":["modelInfo"]}}') as unknown;
    const derived = deriveFeatureSets(sets, []);
    expect(Object.keys(derived.disabled)).toEqual(['__proto__']);
  });
});
