import { expect, it } from 'vitest';
import { readAgentDefinition, storedAgentDefinition } from './agent-definition.js';
import { readSlug } from './slug.js';

it('an agent definition defaults to direct delivery, no sections, limit 8, no operations', () => {
  expect(readAgentDefinition({})).toEqual({
    delivery: 'direct',
    sections: [],
    defaultSearchLimit: 8,
    operations: [],
    searchSynonyms: [],
  });
  expect(
    readAgentDefinition({ delivery: 'search', defaultSearchLimit: 20, operations: ['a', 'b-c'] }),
  ).toEqual({
    delivery: 'search',
    sections: [],
    defaultSearchLimit: 20,
    operations: ['a', 'b-c'],
    searchSynonyms: [],
  });
});

it('reads synonym groups, each entry trimmed', () => {
  const groups = [
    ['workflow', ' pipeline ', 'ci job'],
    ['repo', 'repository'],
    ['удалить', 'стереть'],
  ];
  expect(readAgentDefinition({ searchSynonyms: groups }, 'draft').searchSynonyms).toEqual([
    ['workflow', 'pipeline', 'ci job'],
    ['repo', 'repository'],
    ['удалить', 'стереть'],
  ]);
  // The bounds themselves are accepted: 200 groups of 20 entries, 64 characters, 4 words.
  const longest = `${'a'.repeat(58)} b c d`;
  expect(longest).toHaveLength(64);
  const big = Array.from({ length: 200 }, (_, g) =>
    Array.from({ length: 20 }, (_, e) => (e === 0 ? longest : `w${g}x${e}`)),
  );
  expect(readAgentDefinition({ searchSynonyms: big }).searchSynonyms).toEqual(big);
});

it('refuses bad synonyms, naming the exact element and the fix', () => {
  const at = (searchSynonyms: unknown) => () => readAgentDefinition({ searchSynonyms }, 'draft');
  const pair = ['a', 'b'];
  expect(at('repo')).toThrow('draft.searchSynonyms: must be an array');
  expect(at(Array.from({ length: 201 }, () => pair))).toThrow(
    'draft.searchSynonyms: must have at most 200 items (got 201)',
  );
  expect(at([pair, 'repo'])).toThrow('draft.searchSynonyms[1]: must be an array');
  expect(at([pair, pair, pair, ['repo']])).toThrow(
    'draft.searchSynonyms[3]: must have 2..20 entries (got 1): a group lists words that mean the same',
  );
  expect(at([[]])).toThrow('draft.searchSynonyms[0]: must have 2..20 entries (got 0)');
  expect(at([Array.from({ length: 21 }, (_, i) => `w${i}`)])).toThrow(
    'draft.searchSynonyms[0]: must have at most 20 items (got 21)',
  );
  expect(at([pair, pair, pair, ['repo', ' repo ']])).toThrow('draft.searchSynonyms[3][1]: repeats "repo"');
  expect(at([['Repo', 'project', 'REPO']])).toThrow(
    'draft.searchSynonyms[0][2]: repeats "Repo": search folds case',
  );
  expect(at([['repo', 3]])).toThrow(
    'draft.searchSynonyms[0][1]: must be a string (a word or a short phrase)',
  );
  expect(at([['repo', '   ']])).toThrow(
    'draft.searchSynonyms[0][1]: must not be empty: write a word or a short phrase',
  );
  expect(at([['repo', '!!']])).toThrow(
    'draft.searchSynonyms[0][1]: has no word (letters or digits) in "!!": search cannot match it',
  );
  expect(at([['repo', 'x'.repeat(65)]])).toThrow(
    'draft.searchSynonyms[0][1]: must be at most 64 characters (got 65): use a shorter phrase',
  );
  // Words as the index counts them: five plain words, or a camel-case word that gives three.
  expect(at([['repo', 'one two three four five']])).toThrow(
    'draft.searchSynonyms[0][1]: must be at most 4 words (got 5 in "one two three four five"): use a shorter phrase',
  );
  expect(at([['repo', 'GitHub repo list of mine']])).toThrow(
    'must be at most 4 words (got 5 in "GitHub repo list of mine")',
  );
  // Case folded first: "GitHub" is one word, as a person types it.
  expect(readAgentDefinition({ searchSynonyms: [['repo', 'GitHub repo list']] }).searchSynonyms).toEqual([
    ['repo', 'GitHub repo list'],
  ]);
  expect(readAgentDefinition({ searchSynonyms: [['repo', 'GitHub repo']] }).searchSynonyms).toEqual([
    ['repo', 'GitHub repo'],
  ]);
});

it('a draft stored before searchSynonyms existed reads as one without synonyms', () => {
  const old = { delivery: 'search' as const, sections: [], defaultSearchLimit: 8, operations: ['a'] };
  expect(storedAgentDefinition(old)).toEqual({ ...old, searchSynonyms: [] });
  const current = { ...old, searchSynonyms: [['a', 'b']] };
  expect(storedAgentDefinition(current)).toBe(current);
});

it('refuses a bad agent definition, naming the field', () => {
  expect(() => readAgentDefinition({ delivery: 'broadcast' })).toThrow(
    "delivery: must be one of 'direct', 'search'",
  );
  expect(() => readAgentDefinition({ defaultSearchLimit: 21 })).toThrow(
    'defaultSearchLimit: must be 1..20 (got 21)',
  );
  expect(() => readAgentDefinition({ defaultSearchLimit: 0 })).toThrow('defaultSearchLimit: must be 1..20');
  expect(() => readAgentDefinition({ operations: ['a', 'a'] })).toThrow('operations[1]: repeats "a"');
  expect(() => readAgentDefinition({ operations: ['Not_A_Slug'] })).toThrow('operations[0]: must match');
  expect(() => readAgentDefinition({ operations: 'a' })).toThrow('operations: must be an array');
  expect(() => readAgentDefinition({ tools: [] })).toThrow('tools: is not a known field');
  expect(() => readAgentDefinition([])).toThrow('the value must be an object');
});

it('slugs are lowercase words of letters and digits joined by single hyphens', () => {
  for (const good of ['default', 'currency-rates', 'a1-b2-c3', '0'])
    expect(readSlug(good, 'slug')).toBe(good);
  for (const bad of ['', 'Default', 'a--b', '-a', 'a-', 'a_b', 'a b', 'é', 'x'.repeat(65)]) {
    expect(() => readSlug(bad, 'slug'), bad).toThrow(/^slug: must/);
  }
});
