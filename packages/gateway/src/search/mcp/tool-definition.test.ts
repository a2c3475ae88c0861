import { expect, it } from 'vitest';
import type { PublishedTool } from '../../catalog/published-catalog.js';
import type { RestBinding } from '../../catalog/rest-binding.js';
import { listedToolOf, permissionPatternsOf } from './tool-definition.js';

function toolOf(
  binding: Partial<RestBinding>,
  annotations?: PublishedTool['definition']['annotations'],
): PublishedTool {
  return {
    operation: 'op',
    operationVersion: 1,
    operationVersionId: 'v',
    definition: {
      name: 'op_tool',
      description: 'An operation.',
      sections: [],
      inputSchema: { type: 'object', properties: { id: { type: 'string' }, q: { type: 'string' } } },
      ...(annotations === undefined ? {} : { annotations }),
      binding: {
        method: 'POST',
        baseUrl: 'https://user:secret@api.example.com:8443/base',
        path: '/items/{id}/copies',
        arguments: { id: { in: 'path', name: 'id' }, q: { in: 'query', name: 'q', arrayStyle: 'repeat' } },
        headers: {},
        timeoutMs: 1000,
        maxResponseBytes: 1000,
        ...binding,
      },
      approval: 'none',
    },
  };
}

it('a tool with side effects answers probes with its request line: the template always, the path arguments filled in', () => {
  const patterns = permissionPatternsOf(toolOf({}));
  expect(patterns?.({ id: 'a b/c', q: 'not in the pattern' })).toEqual({
    patterns: ['POST api.example.com:8443/base/items/a%20b%2Fc/copies'],
    always: ['POST api.example.com:8443/base/items/{id}/copies'],
  });
  // A path value the executor refuses stands as the template.
  expect(patterns?.({ id: '..' }).patterns).toEqual(['POST api.example.com:8443/base/items/{id}/copies']);
  expect(listedToolOf(toolOf({}))._meta).toEqual({ 'forge.supports_permission_patterns': true });
});

it('a GET, or any method annotated readOnlyHint, answers no probe and lists no _meta', () => {
  for (const tool of [toolOf({ method: 'GET' }), toolOf({ method: 'POST' }, { readOnlyHint: true })]) {
    expect(permissionPatternsOf(tool)).toBeUndefined();
    expect(listedToolOf(tool)).not.toHaveProperty('_meta');
  }
  expect(permissionPatternsOf(toolOf({ method: 'GET' }, { readOnlyHint: false }))).toBeUndefined();
  expect(permissionPatternsOf(toolOf({ method: 'DELETE' }))).toBeDefined();
});
