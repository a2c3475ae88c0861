import { describe, expect, it } from 'vitest';
import { CAPABILITY_PATHS, isCapabilityPath, REMOVED_CAPABILITY_PATHS } from './vocabulary.js';

describe('the capability vocabulary (§6.2)', () => {
  it('is exactly the 17 paths of SPEC 0.5', () => {
    expect([...CAPABILITY_PATHS].sort()).toEqual(
      [
        'pushEvents',
        'tools',
        'modelInfo',
        'inferenceRequest',
        'inferenceRequest.streaming',
        'inferenceLifecycle',
        'contextHooks.beforeInference.observe',
        'contextHooks.beforeInference.inject.system',
        'contextHooks.beforeInference.inject.beforeUser',
        'contextHooks.beforeInference.inject.afterUser',
        'channels.register',
        'channels.lifecycle',
        'channels.publish',
        'channels.incoming',
        'channels.streaming',
        'channels.acknowledge',
        'channels.typing',
      ].sort(),
    );
    for (const path of CAPABILITY_PATHS) expect(isCapabilityPath(path)).toBe(true);
  });

  it('rejects near-misses, interior nodes and removed paths', () => {
    const rejected = [
      'channels',
      'contextHooks',
      'contextHooks.beforeInference.inject',
      'Tools',
      'tools ',
      ' pushEvents',
      'channels.publish.x',
      'channels.*',
      '*',
      '',
      ...REMOVED_CAPABILITY_PATHS,
      42,
      null,
    ];
    for (const value of rejected) expect([value, isCapabilityPath(value)]).toEqual([value, false]);
  });
});
