import { describe, expect, it } from 'vitest';
import { isCapabilityPath } from '../capabilities/vocabulary.js';
import { CHANNEL_METHOD_CAPABILITIES } from './channels.js';
import { isContentBlock, textContent, toContentBlocks } from './content.js';
import * as codes from './error-codes.js';
import { isTerminalLifecyclePhase } from './inference.js';
import { BEFORE_INFERENCE_CAPABILITIES, METHOD_CAPABILITIES } from './method-gates.js';
import { method } from './methods.js';

describe('method names', () => {
  it('cover every method of the spec 0.5 table (§2)', () => {
    const spec = [
      'push/event',
      'context/beforeInference',
      'inference/lifecycle',
      'inference/request',
      'inference/chunk',
      'model/info',
      'featureSets/update',
      'state/rollback',
      'channels/register',
      'channels/changed',
      'channels/list',
      'channels/open',
      'channels/close',
      'channels/outgoing/chunk',
      'channels/outgoing/complete',
      'channels/publish',
      'channels/incoming',
      'channels/acknowledge',
      'channels/typing',
      'mcpl/manifestChanged',
      'mcpl/manifest',
    ];
    const names: string[] = Object.values(method);
    expect(spec.filter((name) => !names.includes(name))).toEqual([]);
  });

  it("keep the public core's constant names for the non-spec and draft methods", () => {
    expect(method).toMatchObject({
      INITIALIZE: 'initialize',
      PUSH_EVENT: 'push/event',
      STATE_UPDATE: 'state/update',
      STATE_GET: 'state/get',
      BRANCHES_LIST: 'branches/list',
      BRANCHES_CURRENT: 'branches/current',
      BRANCHES_CREATE: 'branches/create',
      BRANCHES_SWITCH: 'branches/switch',
      BRANCHES_DELETE: 'branches/delete',
      BRANCHES_CHANGED: 'branches/changed',
      TOOLSETS_OPEN: 'toolsets/open',
      ACCESS_TOKEN: 'access/token',
    });
    expect(new Set(Object.values(method)).size).toBe(Object.values(method).length);
  });
});

describe('gates', () => {
  it('every gate is a vocabulary path, and the manifest methods have none on purpose', () => {
    for (const path of [...Object.values(METHOD_CAPABILITIES), ...BEFORE_INFERENCE_CAPABILITIES]) {
      expect(isCapabilityPath(path)).toBe(true);
    }
    for (const name of ['mcpl/manifest', 'mcpl/manifestChanged', 'featureSets/update', 'state/rollback']) {
      expect(METHOD_CAPABILITIES[name]).toBeUndefined();
    }
    expect(CHANNEL_METHOD_CAPABILITIES['channels/open']).toBe('channels.lifecycle');
    expect(METHOD_CAPABILITIES['toolsets/open']).toBe('tools');
  });
});

describe('ERR_* codes', () => {
  it('match App. A and JSON-RPC', () => {
    expect({ ...codes }).toEqual({
      ERR_FEATURE_SET_NOT_ENABLED: -32001,
      ERR_CAPABILITY_DENIED: -32002,
      ERR_UNKNOWN_FEATURE_SET: -32003,
      ERR_CHECKPOINT_NOT_FOUND: -32005,
      ERR_CHANNEL_NOT_PERMITTED: -32017,
      ERR_UNKNOWN_CHANNEL: -32023,
      ERR_CHANNEL_OPEN_FAILED: -32024,
      ERR_PARSE_ERROR: -32700,
      ERR_INVALID_REQUEST: -32600,
      ERR_METHOD_NOT_FOUND: -32601,
      ERR_INVALID_PARAMS: -32602,
      ERR_INTERNAL_ERROR: -32603,
      ERR_SERVER_ERROR: -32000,
    });
  });
});

describe('content blocks', () => {
  it('textContent makes a text block; a plain string is one text block', () => {
    expect(textContent('hi')).toEqual({ type: 'text', text: 'hi' });
    expect(toContentBlocks('hi')).toEqual([{ type: 'text', text: 'hi' }]);
  });

  it('isContentBlock checks the type and its required member; image/audio inline XOR by reference', () => {
    const good = [
      { type: 'text', text: '' },
      { type: 'image', data: 'AA==', mimeType: 'image/png' },
      { type: 'audio', uri: 'https://example.com/a.ogg', sizeBytes: 3 },
      { type: 'resource', uri: 'mcpl://x' },
    ];
    const bad = [
      { type: 'text' },
      { type: 'image', data: 'AA==', uri: 'x' },
      { type: 'image' },
      { type: 'video', uri: 'x' },
      'text',
      null,
    ];
    expect(good.map(isContentBlock)).toEqual([true, true, true, true]);
    expect(bad.map(isContentBlock)).toEqual([false, false, false, false, false, false]);
  });
});

describe('inference lifecycle', () => {
  it('completed, aborted and failed are terminal; started is not', () => {
    expect(['started', 'completed', 'aborted', 'failed', 'x'].map(isTerminalLifecyclePhase)).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });
});
