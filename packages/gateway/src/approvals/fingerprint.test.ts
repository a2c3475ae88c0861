import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { approvalFingerprint, isControlField, withoutControlFields } from './fingerprint.js';

const BASE = { workspaceId: 'w1', agentId: 'a1', operationVersionId: 'o1' };

describe('approvalFingerprint', () => {
  it('is the sha256 of the canonical JSON of [workspace, agent, operation version, arguments]', () => {
    const expected = createHash('sha256')
      .update('["w1","a1","o1",{"a":[1,{"x":1,"y":2}],"b":"é","n":1e+21}]')
      .digest('hex');
    expect(approvalFingerprint({ ...BASE, arguments: { n: 1e21, b: 'é', a: [1, { y: 2, x: 1 }] } })).toBe(
      expected,
    );
  });

  it('ignores key order and insignificant number spelling, not values or array order', () => {
    const one = approvalFingerprint({ ...BASE, arguments: JSON.parse('{"a":1.0,"b":{"d":2,"c":3}}') });
    expect(approvalFingerprint({ ...BASE, arguments: JSON.parse('{"b":{"c":3,"d":2},"a":1}') })).toBe(one);
    expect(approvalFingerprint({ ...BASE, arguments: { a: 2, b: { c: 3, d: 2 } } })).not.toBe(one);
    const list = approvalFingerprint({ ...BASE, arguments: { l: [1, 2] } });
    expect(approvalFingerprint({ ...BASE, arguments: { l: [2, 1] } })).not.toBe(list);
  });

  it('leaves out top-level control fields, only at the top level', () => {
    const plain = approvalFingerprint({ ...BASE, arguments: { a: 1 } });
    expect(approvalFingerprint({ ...BASE, arguments: { a: 1, _mcpforge_confirmation_token: 'x' } })).toBe(
      plain,
    );
    expect(approvalFingerprint({ ...BASE, arguments: { a: 1, nested: { _mcpforge_x: 1 } } })).not.toBe(plain);
  });

  it('the workspace, the agent and the operation version are each part of the identity', () => {
    const plain = approvalFingerprint({ ...BASE, arguments: {} });
    for (const key of ['workspaceId', 'agentId', 'operationVersionId'] as const) {
      expect(approvalFingerprint({ ...BASE, [key]: 'other', arguments: {} })).not.toBe(plain);
    }
    // Fields are separated: moving text between them changes the identity.
    expect(
      approvalFingerprint({ workspaceId: 'w1a', agentId: '1', operationVersionId: 'o1', arguments: {} }),
    ).not.toBe(
      approvalFingerprint({ workspaceId: 'w1', agentId: 'a1', operationVersionId: 'o1', arguments: {} }),
    );
  });
});

it('withoutControlFields keeps every other argument and does not change its input', () => {
  const args = { _mcpforge_confirmation_token: 't', mcpforge: 1, _mcp: 2, x: { _mcpforge_y: 3 } };
  expect(withoutControlFields(args)).toEqual({ mcpforge: 1, _mcp: 2, x: { _mcpforge_y: 3 } });
  expect(args._mcpforge_confirmation_token).toBe('t');
  expect(isControlField('_mcpforge_')).toBe(true);
  expect(isControlField('mcpforge_x')).toBe(false);
});

it('withoutControlFields keeps a top-level `__proto__` argument as a member (issue 19)', () => {
  const args = JSON.parse('{"a":1,"__proto__":{"hidden":"X"},"_mcpforge_token":"t"}');
  const kept = withoutControlFields(args);
  expect(JSON.stringify(kept)).toBe('{"a":1,"__proto__":{"hidden":"X"}}');
  expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
  expect((kept as { hidden?: unknown }).hidden).toBeUndefined();
});

it('a `__proto__` argument is part of the identity, at the top and nested', () => {
  const plain = approvalFingerprint({ ...BASE, arguments: { a: 1 } });
  expect(approvalFingerprint({ ...BASE, arguments: JSON.parse('{"a":1,"__proto__":{"x":1}}') })).not.toBe(
    plain,
  );
  const nested = approvalFingerprint({ ...BASE, arguments: { a: { b: 1 } } });
  expect(
    approvalFingerprint({ ...BASE, arguments: JSON.parse('{"a":{"b":1,"__proto__":{"x":1}}}') }),
  ).not.toBe(nested);
});
