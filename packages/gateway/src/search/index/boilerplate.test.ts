import { describe, expect, it } from 'vitest';
import { distinctiveText, sentencesOf, sharedSentences, withoutLinks } from './boilerplate.js';
import { ToolSearchIndex } from './tool-search-index.js';

describe('boilerplate', () => {
  it('keeps a link text and drops its target and bare URLs', () => {
    expect(withoutLinks('see [Media types](https://docs.github.com/x) or https://a.b/c now')).toBe(
      'see Media types or   now',
    );
  });

  it('splits descriptions into sentences at sentence ends and line breaks', () => {
    expect(sentencesOf('Gets a fork. Needs a token!\n- a list item')).toEqual([
      'Gets a fork.',
      'Needs a token!',
      '- a list item',
    ]);
  });

  it('finds sentences shared by at least 3 tools (and 1 % of them) and removes them', () => {
    const scope = 'Tokens need the repo scope.';
    const descriptions = [
      `Forks a repo. ${scope}`,
      `Deletes a repo. ${scope}`,
      `Lists repos. ${scope}`,
      'Other.',
    ];
    const shared = sharedSentences(descriptions);
    expect([...shared]).toEqual([scope]);
    expect(distinctiveText(descriptions[0] as string, shared)).toBe('Forks a repo.');
    expect([...sharedSentences(descriptions.slice(0, 2))]).toEqual([]);
  });

  it('keeps a shared sentence from outweighing the words that describe a tool', () => {
    const scope = 'Needs the admin scope to manage repository settings and repository access.';
    const tools = ['alpha', 'beta', 'gamma'].map((name) => ({
      name: `${name}_tool`,
      description: `Handles ${name}. ${scope}`,
      sections: [],
    }));
    const index = ToolSearchIndex.build([
      ...tools,
      { name: 'settings_tool', description: 'Changes repository settings.', sections: [] },
    ]);
    // Without the removal, three tools would match "repository settings" through the scope line.
    expect(index.search('repository settings', { limit: 8 }).map((hit) => hit.name)).toEqual([
      'settings_tool',
    ]);
  });
});
