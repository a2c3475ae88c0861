import { describe, expect, it } from 'vitest';
import {
  advertisedCapabilities,
  advertisedCapabilitiesFromInitialize,
  extractMcpl,
  hasInferenceRequest,
  hasInferenceStreaming,
} from './advertisement.js';
import type { McplCapabilities } from './mcpl-capabilities.js';

const sorted = (set: Set<string>): string[] => [...set].sort();

describe('advertisedCapabilities (§5.1): a recursive walk where absence means no', () => {
  it("gives the seed README's example exactly", () => {
    const mcpl: McplCapabilities = {
      version: '0.5',
      channels: { register: true, publish: true, incoming: true, streaming: true },
      contextHooks: {
        beforeInference: { observe: false, inject: { beforeUser: true, afterUser: true } },
      },
    };
    expect(sorted(advertisedCapabilities(mcpl))).toEqual(
      [
        'channels.register',
        'channels.publish',
        'channels.incoming',
        'channels.streaming',
        'contextHooks.beforeInference.inject.beforeUser',
        'contextHooks.beforeInference.inject.afterUser',
      ].sort(),
    );
  });

  it('true at any node means every leaf below it', () => {
    expect(
      sorted(advertisedCapabilities({ version: '0.5', contextHooks: { beforeInference: true } })),
    ).toEqual([
      'contextHooks.beforeInference.inject.afterUser',
      'contextHooks.beforeInference.inject.beforeUser',
      'contextHooks.beforeInference.inject.system',
      'contextHooks.beforeInference.observe',
    ]);
    expect(advertisedCapabilities({ version: '0.4', channels: true }).size).toBe(7);
    expect(sorted(advertisedCapabilities({ version: '0.5', inferenceRequest: true }))).toEqual([
      'inferenceRequest',
      'inferenceRequest.streaming',
    ]);
  });

  it('an object at a node that is a path advertises that path too', () => {
    expect(
      sorted(advertisedCapabilities({ version: '0.5', inferenceRequest: { streaming: false } })),
    ).toEqual(['inferenceRequest']);
    expect(hasInferenceRequest({ version: '0.5', inferenceRequest: {} })).toBe(true);
    expect(hasInferenceStreaming({ version: '0.5', inferenceRequest: {} })).toBe(false);
    // An interior node is not a path: an empty object there advertises nothing.
    expect(
      advertisedCapabilities({ version: '0.5', channels: {}, contextHooks: { beforeInference: {} } }).size,
    ).toBe(0);
  });

  it('false, null, strings, numbers and unknown members advertise nothing', () => {
    const mcpl = {
      version: '0.5',
      pushEvents: false,
      modelInfo: null,
      inferenceLifecycle: 'yes',
      channels: { publish: 1, observe: true, streamingX: true },
      contextHooks: { afterInference: true, beforeInference: { inject: { everywhere: true } } },
      futureThing: true,
      featureSets: true,
      rollback: true,
    };
    expect(advertisedCapabilities(mcpl).size).toBe(0);
    expect(advertisedCapabilities(null).size).toBe(0);
    expect(advertisedCapabilities([{ pushEvents: true }]).size).toBe(0);
  });

  it('tools never comes from experimental.mcpl, only from the outer capabilities.tools', () => {
    expect(advertisedCapabilities({ version: '0.5', tools: true }).has('tools')).toBe(false);
    const initialize = {
      tools: {},
      experimental: { mcpl: { version: '0.4', pushEvents: true, tools: true } },
    };
    expect(sorted(advertisedCapabilitiesFromInitialize(initialize))).toEqual(['pushEvents', 'tools']);
    expect(
      sorted(
        advertisedCapabilitiesFromInitialize({ experimental: { mcpl: { version: '0.5', tools: true } } }),
      ),
    ).toEqual([]);
  });

  it("reads heartbeat-mcpl's 0.4 advertisement as deployed", () => {
    const heartbeat = {
      tools: {},
      experimental: {
        mcpl: {
          version: '0.4',
          pushEvents: true,
          channels: false,
          rollback: false,
          featureSets: [{ name: 'heartbeat', description: 'Heartbeat', uses: ['tools'], rollback: false }],
        },
      },
    };
    expect(sorted(advertisedCapabilitiesFromInitialize(heartbeat))).toEqual(['pushEvents', 'tools']);
  });

  it('extractMcpl returns the object or undefined for a plain MCP peer', () => {
    expect(extractMcpl({ experimental: { mcpl: { version: '0.5' } } })).toEqual({ version: '0.5' });
    expect(extractMcpl({ experimental: {} })).toBeUndefined();
    expect(extractMcpl({ experimental: { mcpl: true } })).toBeUndefined();
    expect(extractMcpl(undefined)).toBeUndefined();
  });
});
