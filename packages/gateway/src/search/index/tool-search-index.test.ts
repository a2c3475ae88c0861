import { describe, expect, it } from 'vitest';
import { SearchIndexError } from './search-index-error.js';
import { ToolSearchIndex } from './tool-search-index.js';
import { DEFAULT_TUNING } from './tuning.js';
import type { SearchDocument } from './types.js';

const repos = { slug: 'repos', title: 'Repositories', description: 'Interact with repositories.' };
const issues = { slug: 'issues', title: 'Issues', description: 'Track bugs and tasks.' };
const billing = { slug: 'billing', title: 'Billing', description: 'Invoices and payments.' };

const catalog: SearchDocument[] = [
  {
    name: 'repos/create-fork',
    title: 'Create a fork',
    description: 'Creates a fork of a repository for the authenticated user.',
    sections: [repos],
  },
  {
    name: 'repos/delete',
    title: 'Delete a repository',
    description: 'Deletes a repository. Requires admin access.',
    sections: [repos],
  },
  {
    name: 'repos/list-for-org',
    title: 'List organization repositories',
    description: 'Lists repositories for the specified organization.',
    sections: [repos],
  },
  {
    name: 'issues/create',
    title: 'Create an issue',
    description: 'Creates an issue in a repository.',
    sections: [issues],
  },
  {
    name: 'issues/list-comments',
    title: 'List issue comments',
    description: 'Lists comments on an issue of a repository.',
    sections: [issues],
  },
  {
    name: 'billing/get-invoice',
    title: 'Get an invoice',
    description: 'Returns one invoice of the account, with its payments per repository.',
    sections: [billing],
  },
];

const names = (index: ToolSearchIndex, query: string, limit = 8, sections?: string[]) =>
  index.search(query, { limit, sections }).map((hit) => hit.name);

describe('ToolSearchIndex', () => {
  const index = ToolSearchIndex.build(catalog);

  it('counts its tools', () => {
    expect(index.size).toBe(6);
  });

  it('ranks the tool whose name and title carry the query words first', () => {
    expect(names(index, 'fork a repository')[0]).toBe('repos/create-fork');
    expect(names(index, 'delete repo')[0]).toBe('repos/delete');
    expect(names(index, 'comments on issues')[0]).toBe('issues/list-comments');
  });

  it('matches inflected forms through stemming', () => {
    expect(names(index, 'deleting repositories')[0]).toBe('repos/delete');
    expect(names(index, 'forked')[0]).toBe('repos/create-fork');
  });

  it('relates a name abbreviation to the word the descriptions spell out', () => {
    // "repos" abbreviates "repository" in several tools, so "repo" also finds "repository" text.
    const only = ToolSearchIndex.build(
      catalog.concat({
        name: 'actions/get-artifact',
        title: 'Get an artifact',
        description: 'Gets an artifact stored in a repository.',
        sections: [],
      }),
    );
    expect(names(only, 'repo artifact')[0]).toBe('actions/get-artifact');
  });

  describe('name words that descriptions pair a query word with', () => {
    // Three tools say "pipeline" only in their descriptions, and are all named "workflow"; a
    // fourth says "pipeline" in its own name.
    const workflows: SearchDocument[] = [
      ...['enable', 'disable', 'get'].map((verb) => ({
        name: `actions/${verb}-workflow`,
        title: `${verb} a workflow`,
        description: `The workflow is the repository's pipeline, ${verb}d here.`,
        sections: [],
      })),
      {
        name: 'actions/list-runs',
        title: 'List workflow runs',
        description: 'Lists the runs of every workflow.',
        sections: [],
      },
      {
        name: 'ci/delete-pipeline',
        title: 'Delete a pipeline',
        description: 'Deletes a pipeline.',
        sections: [],
      },
    ];
    const paired = ToolSearchIndex.build(workflows);
    const unpaired = ToolSearchIndex.build(workflows, {
      ...DEFAULT_TUNING,
      cooccurrence: { ...DEFAULT_TUNING.cooccurrence, weight: 0 },
    });
    const score = (index: ToolSearchIndex, query: string, name: string) =>
      index.search(query, { limit: 8 }).find((hit) => hit.name === name)?.score ?? 0;

    it('finds a tool whose name has the paired word but whose text lacks the query word', () => {
      // "list-runs" says neither "pipeline" nor anything but "workflow".
      expect(names(paired, 'pipeline runs')[0]).toBe('actions/list-runs');
      expect(score(paired, 'pipeline', 'actions/list-runs')).toBeGreaterThan(0);
      expect(score(unpaired, 'pipeline', 'actions/list-runs')).toBe(0);
    });

    it('counts the paired word below the query word itself', () => {
      // "pipeline" pairs with the name words of its three tools: "actions" and "workflow".
      const exact = Math.max(
        score(paired, 'workflow', 'actions/list-runs'),
        score(paired, 'actions', 'actions/list-runs'),
      );
      const viaPair = score(paired, 'pipeline', 'actions/list-runs');
      expect(viaPair).toBeCloseTo(exact * DEFAULT_TUNING.cooccurrence.weight, 9);
      expect(viaPair).toBeLessThan(exact);
    });

    it('still ranks the exact matches first', () => {
      const ranked = names(paired, 'pipeline');
      expect(ranked[0]).toBe('ci/delete-pipeline');
      expect(ranked.indexOf('actions/list-runs')).toBeGreaterThan(ranked.indexOf('actions/get-workflow'));
    });
  });

  it('expands an unknown query word to the vocabulary words it starts', () => {
    expect(names(index, 'auth')[0]).toBe('repos/create-fork');
  });

  it('applies the section filter before ranking', () => {
    // Five tools match "repository" better than billing's only tool; the filter still returns
    // billing's tool with limit 1.
    expect(names(index, 'repository', 5)).not.toContain('billing/get-invoice');
    expect(names(index, 'repository', 6)).toContain('billing/get-invoice');
    expect(names(index, 'repository', 1, ['billing'])).toEqual(['billing/get-invoice']);
    expect(names(index, 'repository', 8, ['issues'])).toEqual(['issues/create', 'issues/list-comments']);
    expect(names(index, 'repository', 8, ['nowhere'])).toEqual([]);
  });

  it('treats an empty section list as no filter', () => {
    expect(names(index, 'invoice', 8, [])).toEqual(['billing/get-invoice']);
  });

  it('breaks ties by name, whatever the catalog order', () => {
    const twins = (order: string[]) =>
      ToolSearchIndex.build(
        order.map((name) => ({ name, title: 'Send a ping', description: '', sections: [] })),
      );
    const expected = ['a_tool', 'b_tool', 'c_tool'];
    expect(names(twins(['c_tool', 'a_tool', 'b_tool']), 'ping')).toEqual(expected);
    expect(names(twins(['b_tool', 'c_tool', 'a_tool']), 'ping')).toEqual(expected);
  });

  it('returns no tools for a query without words, or only stop words, or unknown words', () => {
    expect(names(index, '')).toEqual([]);
    expect(names(index, '  ?! -- ')).toEqual([]);
    expect(names(index, 'the of and please')).toEqual([]);
    expect(names(index, 'zzzzqqq')).toEqual([]);
  });

  it('respects the limit and refuses one that is not a positive integer', () => {
    expect(names(index, 'repository', 2)).toHaveLength(2);
    expect(names(index, 'repository', 20).length).toBeGreaterThan(2);
    for (const limit of [0, -1, 1.5, Number.NaN]) {
      expect(() => index.search('repository', { limit })).toThrow(
        expect.objectContaining({ code: 'search_invalid_limit' }),
      );
    }
  });

  it('gives the same answer twice (scratch space is reset between searches)', () => {
    const first = index.search('list repositories', { limit: 8 });
    index.search('invoice', { limit: 8, sections: ['billing'] });
    expect(index.search('list repositories', { limit: 8 })).toEqual(first);
  });

  it('answers an empty catalog and a long query of junk without failing', () => {
    const empty = ToolSearchIndex.build([]);
    expect(empty.size).toBe(0);
    expect(empty.search('anything', { limit: 8 })).toEqual([]);
    const junk = Array.from({ length: 300 }, (_, i) => `w${i}x${'q'.repeat(i % 7)}`).join(' ');
    expect(index.search(`${junk} repository`, { limit: 3 })).toHaveLength(3);
  });

  it('refuses two tools with one name', () => {
    const twice = [catalog[0], catalog[0]] as SearchDocument[];
    expect(() => ToolSearchIndex.build(twice)).toThrow(SearchIndexError);
    expect(() => ToolSearchIndex.build(twice)).toThrow(/appears twice/);
  });

  it('searches a Russian catalog in Russian, whatever the word forms', () => {
    const russian = ToolSearchIndex.build([
      {
        name: 'create_invoice',
        title: 'Выставить счёт',
        description: 'Создаёт счёт клиенту на оплату.',
        sections: [{ slug: 'invoices', description: 'Счета и оплаты' }],
      },
      {
        name: 'list_clients',
        title: 'Список клиентов',
        description: 'Возвращает клиентов компании с контактами.',
        sections: [{ slug: 'clients', description: 'Клиенты и контакты' }],
      },
    ]);
    expect(names(russian, 'выставить счета клиенту')[0]).toBe('create_invoice');
    expect(names(russian, 'покажи всех клиентов')[0]).toBe('list_clients');
    expect(names(russian, 'контакт клиента')[0]).toBe('list_clients');
    expect(names(russian, 'create invoice')[0]).toBe('create_invoice');
  });
});
