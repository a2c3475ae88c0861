import { describe, expect, it } from 'vitest';
import { nameText } from './name-text.js';
import { ToolSearchIndex } from './tool-search-index.js';

describe('nameText', () => {
  it('leaves out the hash suffix a cut or colliding import name carries', () => {
    expect(nameText('repos_list-attestations-for-repository-by-subject-digest_e837b9')).toBe(
      'repos_list-attestations-for-repository-by-subject-digest',
    );
    expect(nameText('issues_get_5197a9fe01')).toBe('issues_get');
    // Cut at 64 characters: the last word is a fragment ("bu" of "business") and goes too.
    expect(nameText('code-scanning_list-alerts-for-enterprise-organizations-bu_5197a9')).toBe(
      'code-scanning_list-alerts-for-enterprise-organizations',
    );
  });

  it('keeps words that only look like hex, and names without a suffix', () => {
    expect(nameText('get_facade')).toBe('get_facade');
    expect(nameText('users_get-authenticated')).toBe('users_get-authenticated');
    expect(nameText('list_v2')).toBe('list_v2');
  });
});

describe('a query with digits against hashed tool names', () => {
  const index = ToolSearchIndex.build([
    {
      name: 'actions_list-workflow-runs-for-a-required-workflow-in-a-repo_e837b9',
      description: 'Lists runs of a workflow.',
      sections: [],
    },
    {
      name: 'code-scanning_list-alerts-for-enterprise-organizations-bu_5197a9',
      description: 'Lists scanning alerts.',
      sections: [],
    },
    {
      name: 'secret-scanning_list-locations-for-a-secret-scanning-alert_fe8b9f',
      description: 'Lists locations of an alert.',
      sections: [],
    },
    { name: 'discussions_get-comment', description: 'Shows a comment of a discussion.', sections: [] },
  ]);

  it('does not match the hash', () => {
    expect(index.search('b9', { limit: 8 })).toEqual([]);
    expect(index.search('bu', { limit: 8 })).toEqual([]);
    const hits = index.search('show the discussion on issue 9', { limit: 8 }).map((hit) => hit.name);
    expect(hits).toEqual(['discussions_get-comment']);
  });
});
