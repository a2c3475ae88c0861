import { describe, expect, it } from 'vitest';
import { checkGrant } from './grant-check.js';
import { type CapabilityGrantState, emptyGrantState, grantFromUpdate } from './grants.js';

const featureSets = {
  heartbeat: { description: 'Heartbeat', uses: ['tools', 'pushEvents'] },
  memory: { description: 'Memory', uses: ['contextHooks.beforeInference.inject.system'] },
};
const grant = (params: object): CapabilityGrantState =>
  grantFromUpdate(emptyGrantState(), params, 'request').state;

describe('checkGrant', () => {
  it('refuses every gated method with -32002 until the grant request arrived', () => {
    expect(checkGrant(emptyGrantState(), { method: 'tools/call' })).toEqual({
      code: -32002,
      message: "Capability 'tools' is unavailable until the host sends its featureSets/update grant",
      data: { capability: 'tools' },
    });
  });

  it('lets a granted method through and refuses an ungranted one with its capability', () => {
    const state = grant({ effectiveCapabilities: ['tools'] });
    expect(checkGrant(state, { method: 'tools/call' })).toBeUndefined();
    expect(checkGrant(state, { method: 'push/event' })).toMatchObject({
      code: -32002,
      data: { capability: 'pushEvents' },
    });
    expect(checkGrant(state, { method: 'toolsets/open' })).toBeUndefined();
  });

  it('context/beforeInference passes with any one of its four leaves', () => {
    const state = grant({ effectiveCapabilities: ['contextHooks.beforeInference.inject.afterUser'] });
    expect(checkGrant(state, { method: 'context/beforeInference' })).toBeUndefined();
    expect(checkGrant(grant({}), { method: 'context/beforeInference' })?.code).toBe(-32002);
  });

  it('gates no method named after an Object.prototype member', () => {
    for (const method of ['__proto__', 'constructor', 'toString']) {
      expect(checkGrant(emptyGrantState(), { method })).toBeUndefined();
    }
  });

  it('never gates the manifest methods', () => {
    expect(checkGrant(emptyGrantState(), { method: 'mcpl/manifest' })).toBeUndefined();
    expect(checkGrant(emptyGrantState(), { method: 'mcpl/manifestChanged' })).toBeUndefined();
  });

  it('refuses a disabled, unselected or under-granted feature set with -32001', () => {
    const state = grant({ effectiveCapabilities: ['tools', 'pushEvents'], disabled: ['heartbeat'] });
    expect(checkGrant(state, { method: 'tools/call', featureSet: 'heartbeat', featureSets })).toEqual({
      code: -32001,
      message: "Feature set 'heartbeat' is not enabled",
      data: { featureSet: 'heartbeat' },
    });
    const allowlist = grant({ effectiveCapabilities: ['tools', 'pushEvents'], enabled: ['memory'] });
    expect(checkGrant(allowlist, { method: 'push/event', featureSet: 'heartbeat', featureSets })?.code).toBe(
      -32001,
    );
    // The set's own uses must be granted too: pushEvents is missing here.
    const partial = grant({ effectiveCapabilities: ['tools'] });
    expect(checkGrant(partial, { method: 'tools/call', featureSet: 'heartbeat', featureSets })?.code).toBe(
      -32001,
    );
    const full = grant({ effectiveCapabilities: ['tools', 'pushEvents'] });
    expect(checkGrant(full, { method: 'push/event', featureSet: 'heartbeat', featureSets })).toBeUndefined();
  });
});
