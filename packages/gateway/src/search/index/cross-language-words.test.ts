import { describe, expect, it } from 'vitest';
import { CROSS_LANGUAGE_WORD_GROUPS } from './cross-language-words.js';
import { phraseWords } from './query-expansion.js';
import { ToolSearchIndex } from './tool-search-index.js';
import { DEFAULT_TUNING } from './tuning.js';
import type { SearchDocument } from './types.js';

const english: SearchDocument[] = [
  {
    name: 'repos/create',
    title: 'Create a repository',
    description: 'Creates a new repository.',
    sections: [],
  },
  { name: 'repos/delete', title: 'Delete a repository', description: 'Deletes a repository.', sections: [] },
  { name: 'pulls/merge', title: 'Merge a pull request', description: 'Merges a pull request.', sections: [] },
  {
    name: 'actions/disable-workflow',
    title: 'Disable a workflow',
    description: 'Disables a workflow.',
    sections: [],
  },
  { name: 'users/block', title: 'Block a user', description: 'Blocks a user.', sections: [] },
];
const russian: SearchDocument[] = [
  { name: 'счета-выставить', title: 'Выставить счёт', description: 'Создаёт счёт клиенту.', sections: [] },
  {
    name: 'встречи-отменить',
    title: 'Отменить встречу',
    description: 'Отменяет встречу в календаре.',
    sections: [],
  },
  {
    name: 'сотрудники-список',
    title: 'Сотрудники',
    description: 'Список сотрудников компании.',
    sections: [],
  },
];
const top = (index: ToolSearchIndex, query: string) => index.search(query, { limit: 3 })[0]?.name;

describe('cross-language search', () => {
  const withTranslation = (documents: SearchDocument[]) => ToolSearchIndex.build(documents);
  const without = (documents: SearchDocument[]) =>
    ToolSearchIndex.build(documents, { ...DEFAULT_TUNING, translationWeight: 0 });

  it('finds an English tool for a Russian request, and nothing without the vocabulary', () => {
    const cases: [string, string][] = [
      ['создай новый репозиторий', 'repos/create'],
      ['удалить репозиторий', 'repos/delete'],
      ['слить пулл-реквест', 'pulls/merge'],
      ['отключить воркфлоу', 'actions/disable-workflow'],
      ['заблокировать пользователя', 'users/block'],
    ];
    for (const [query, tool] of cases) {
      expect(top(withTranslation(english), query), query).toBe(tool);
      expect(without(english).search(query, { limit: 3 }), query).toEqual([]);
    }
  });

  it('finds a Russian tool for an English request', () => {
    expect(top(withTranslation(russian), 'cancel the meeting')).toBe('встречи-отменить');
    expect(top(withTranslation(russian), 'list employees')).toBe('сотрудники-список');
    expect(top(withTranslation(russian), 'invoice for a customer')).toBe('счета-выставить');
    expect(without(russian).search('cancel the meeting', { limit: 3 })).toEqual([]);
  });

  it('ranks a query in the catalog’s own language by its own words first', () => {
    const mixed = ToolSearchIndex.build([
      ...english,
      {
        name: 'repos/add-collaborator',
        title: 'Add a collaborator',
        description: 'Adds a collaborator.',
        sections: [],
      },
    ]);
    expect(top(mixed, 'create a repository')).toBe('repos/create');
  });

  it('pairs words of both languages in each group, each entry a short phrase', () => {
    for (const group of CROSS_LANGUAGE_WORD_GROUPS) {
      expect(
        group.some((entry) => /\p{Script=Latin}/u.test(entry)),
        group.join(','),
      ).toBe(true);
      expect(
        group.some((entry) => /\p{Script=Cyrillic}/u.test(entry)),
        group.join(','),
      ).toBe(true);
      for (const entry of group) expect(phraseWords(entry).length).toBeLessThanOrEqual(4);
    }
  });
});
