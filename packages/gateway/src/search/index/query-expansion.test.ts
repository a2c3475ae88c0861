import { describe, expect, it } from 'vitest';
import { analyze } from './analyze.js';
import { QueryExpansion, queryExpansion } from './query-expansion.js';
import { ToolSearchIndex } from './tool-search-index.js';
import { DEFAULT_TUNING, IDIOM_MEANING_WEIGHT } from './tuning.js';
import type { SearchDocument } from './types.js';

const term = (word: string) => analyze(word)[0];

describe('QueryExpansion', () => {
  const groups = QueryExpansion.compile([
    {
      groups: [
        ['delete', 'remove', 'throw away', 'get rid of'],
        ['disable', 'turn off'],
        ['authenticated', 'my', 'logged in'],
      ],
      weight: 0.25,
    },
  ]);

  it('expands a word to the other one-word members of its group', () => {
    expect(groups.expand('remove the repository')).toEqual([
      { anchor: term('remove'), terms: [term('delete')], weight: 0.25 },
    ]);
  });

  it('matches a phrase stem by stem, stop words kept', () => {
    const [turned] = groups.expand('turning off the workflow');
    expect(turned).toEqual({
      anchor: term('turning'),
      terms: [term('disable')],
      weight: 0.25,
      ownTerms: [term('turning')],
    });
    expect(groups.expand('who is logged in')).toEqual([
      { anchor: term('logged'), terms: [term('authenticated')], weight: 0.25, ownTerms: [term('logged')] },
    ]);
  });

  it('gives a phrase of stop words only a group of its own', () => {
    expect(groups.expand('list my gists')).toEqual([
      { anchor: null, terms: [term('authenticated')], weight: 0.25 },
    ]);
  });

  it('matches a phrasal verb around its object, within three words', () => {
    expect(groups.expand('throw the old repository away')).toHaveLength(1);
    expect(groups.expand('throw the very old unused repository away')).toEqual([]);
    expect(groups.expand('away with throw')).toEqual([]);
  });

  it('finds nothing in a query without a known phrase, and counts a phrase once', () => {
    expect(groups.expand('list the branches')).toEqual([]);
    expect(groups.expand('')).toEqual([]);
    expect(groups.expand('remove remove remove')).toHaveLength(1);
  });

  it('gives each source its own weight, and leaves out a source of weight 0', () => {
    const both = QueryExpansion.compile([
      { groups: [['delete', 'remove']], weight: 0.2 },
      { groups: [['repository', 'project']], weight: 0.5 },
      { groups: [['issue', 'bug']], weight: 0 },
    ]);
    expect(both.expand('remove the project fix the bug')).toEqual([
      { anchor: term('remove'), terms: [term('delete')], weight: 0.2 },
      { anchor: term('project'), terms: [term('repository')], weight: 0.5 },
    ]);
    expect(both.knows('a bug')).toBe(false);
    expect(both.knows('a project')).toBe(true);
  });

  it('matches a mixed-case entry however the query writes it', () => {
    const expansion = QueryExpansion.compile([{ groups: [['GitHub Actions', 'ci']], weight: 0.5 }]);
    for (const query of ['run github actions', 'run GitHub Actions', 'run GITHUB ACTIONS']) {
      expect(expansion.expand(query)).toEqual([
        {
          anchor: term('github'),
          terms: [term('ci')],
          weight: 0.5,
          ownTerms: [term('github'), term('actions')],
        },
      ]);
    }
    expect(QueryExpansion.compile([{ groups: [['CI', 'GitHub']], weight: 0.5 }]).expand('ci')).toEqual([
      { anchor: term('ci'), terms: [term('github')], weight: 0.5 },
    ]);
  });

  it('holds English and Russian everyday groups, and an agent’s synonyms next to them', () => {
    const expansion = queryExpansion(0.2, [['ticket', 'issue']], 0.5);
    expect(expansion.expand('switch off the alarm').length).toBeGreaterThan(0);
    expect(expansion.expand('удалить клиента').length).toBeGreaterThan(0);
    expect(expansion.expand('close the ticket')).toEqual([
      { anchor: term('ticket'), terms: [term('issue')], weight: 0.5 },
    ]);
    expect(queryExpansion(0, [], 0).knows('switch off the alarm')).toBe(false);
  });
});

describe('everyday words in the index', () => {
  const catalog: SearchDocument[] = [
    {
      name: 'repos/delete',
      title: 'Delete a repository',
      description: 'Deletes a repository.',
      sections: [],
    },
    // Each decoy sorts before the wanted tool, so a tie would put the decoy first.
    {
      name: 'repos/archive',
      title: 'Archive a repository',
      description: 'Archives a repository.',
      sections: [],
    },
    {
      name: 'actions/disable-workflow',
      title: 'Disable a workflow',
      description: 'Disables a workflow.',
      sections: [],
    },
    {
      name: 'actions/check-workflow',
      title: 'Check a workflow',
      description: 'Checks a workflow.',
      sections: [],
    },
    {
      name: 'users/get-authenticated',
      title: 'Get the authenticated user',
      description: 'Returns the signed-in account.',
      sections: [],
    },
    { name: 'users/get-by-name', title: 'Get a user', description: 'Returns a user by login.', sections: [] },
  ];
  const names = (index: ToolSearchIndex, query: string) =>
    index.search(query, { limit: 8 }).map((hit) => hit.name);
  const on = ToolSearchIndex.build(catalog);
  const off = ToolSearchIndex.build(catalog, { ...DEFAULT_TUNING, everydayWeight: 0 });

  it('ranks the tool the everyday phrase means first, and not without the expansion', () => {
    expect(names(on, 'throw the repository away')[0]).toBe('repos/delete');
    expect(names(on, 'turn the workflow off')[0]).toBe('actions/disable-workflow');
    expect(names(on, 'get my user')[0]).toBe('users/get-authenticated');
    // Without the expansion the tools tie and the name order puts the decoys first.
    expect(names(off, 'throw the repository away')[0]).toBe('repos/archive');
    expect(names(off, 'turn the workflow off')[0]).toBe('actions/check-workflow');
    expect(names(off, 'get my user')[0]).toBe('users/get-by-name');
  });

  const score = (index: ToolSearchIndex, query: string, name: string) =>
    index.search(query, { limit: 8 }).find((hit) => hit.name === name)?.score ?? 0;

  it('counts a word expanded through its group below the word itself', () => {
    const direct = score(on, 'delete', 'repos/delete');
    const viaWord = score(on, 'remove', 'repos/delete');
    expect(viaWord).toBeGreaterThan(0);
    expect(viaWord).toBeCloseTo(direct * DEFAULT_TUNING.everydayWeight, 9);
    expect(score(off, 'remove', 'repos/delete')).toBe(0);
  });

  it('counts the meaning of a several-word phrase above a word, and its own words below', () => {
    const direct = score(on, 'disable', 'actions/disable-workflow');
    const viaPhrase = score(on, 'switch off', 'actions/disable-workflow');
    expect(viaPhrase).toBeCloseTo(direct * IDIOM_MEANING_WEIGHT, 9);
    expect(score(off, 'switch off', 'actions/disable-workflow')).toBe(0);
  });

  it('does not read "logged in" as logs, and finds who the caller is', () => {
    const identity: SearchDocument[] = [
      {
        name: 'users/get-authenticated',
        title: 'Get the authenticated user',
        description: 'Your profile.',
        sections: [],
      },
      {
        name: 'actions/download-job-logs',
        title: 'Download job logs',
        description: 'Logs of a job.',
        sections: [],
      },
      {
        name: 'orgs/get-log-retention',
        title: 'Get log retention',
        description: 'How long logs are kept.',
        sections: [],
      },
      { name: 'users/list-logins', title: 'List users', description: 'Lists every user.', sections: [] },
    ];
    const index = ToolSearchIndex.build(identity);
    for (const query of ['who am I logged in as', 'who am I signed in as', 'current user']) {
      expect(names(index, query)[0]).toBe('users/get-authenticated');
    }
  });

  it('takes an agent’s synonyms, and answers a query of stop words that a group knows', () => {
    const plain = ToolSearchIndex.build(catalog);
    const withSynonyms = ToolSearchIndex.build(catalog, DEFAULT_TUNING, {
      synonyms: [['workflow', 'pipeline', 'ci job']],
    });
    expect(names(plain, 'pipeline')).toEqual([]);
    expect(names(withSynonyms, 'disable the pipeline')[0]).toBe('actions/disable-workflow');
    expect(names(withSynonyms, 'turn off the ci job')[0]).toBe('actions/disable-workflow');
    expect(plain.hasQueryTerms('the of and')).toBe(false);
    expect(plain.hasQueryTerms('who am i')).toBe(true);
    expect(names(plain, 'who am i')[0]).toBe('users/get-authenticated');
    expect(off.hasQueryTerms('who am i')).toBe(false);
  });
});
