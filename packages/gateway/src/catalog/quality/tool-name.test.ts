import { describe, expect, it } from 'vitest';
import { isUninformativeName, nameWords, toolNameWarnings } from './tool-name.js';

describe('tool names that say nothing', () => {
  it.each([
    'op1',
    'post_v2',
    'get_v1',
    'endpoint3',
    'GET',
    'callApi',
    'operation-12',
    'do.run',
    'PostV3Request',
  ])('%s says nothing', (name) => {
    expect(isUninformativeName(name)).toBe(true);
  });

  it.each([
    'list_invoices',
    'getUser',
    'post_v2_orders',
    'frankfurter_latest_rate',
    'delete_repo',
    'v2_search',
  ])('%s names a thing or an action on one', (name) => {
    expect(isUninformativeName(name)).toBe(false);
  });

  it('splits names on separators, case changes and digits, keeping version tags whole', () => {
    expect(nameWords('getHTTPResponse_v2.op1')).toEqual(['get', 'http', 'response', 'v2', 'op', '1']);
  });

  it('warns with a fix naming an example', () => {
    expect(toolNameWarnings({ name: 'post_v2', description: 'x', inputSchema: { type: 'object' } })).toEqual([
      {
        code: 'name_uninformative',
        tool: 'post_v2',
        message:
          "the name 'post_v2' says nothing of what the tool does: name the action and its object, e.g. create_invoice",
      },
    ]);
  });
});
