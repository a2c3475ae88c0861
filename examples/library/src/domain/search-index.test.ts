import { describe, expect, it } from 'vitest';
import { corpus } from './corpus.js';
import type { LibraryDocument } from './document.js';
import { SearchIndex } from './search-index.js';

const published = corpus.filter((entry) => entry.access === 'public');

function doc(id: string, text: string, title = id): LibraryDocument {
  return { id, title, author: 'Test Author', text, access: 'public' };
}

describe('SearchIndex', () => {
  it('ranks the document that uses a rare word most, first', () => {
    const index = new SearchIndex([
      doc('a', 'bread bread bread crust'),
      doc('b', 'bread and butter'),
      doc('c', 'river stones'),
    ]);
    const hits = index.search('bread', 5);
    expect(hits.map((hit) => hit.id)).toEqual(['a', 'b']);
    expect(hits[0]?.score).toBeGreaterThan(hits[1]?.score ?? Number.POSITIVE_INFINITY);
  });

  it('breaks score ties by id, whatever the input order', () => {
    const forwards = new SearchIndex([
      doc('m', 'same words'),
      doc('b', 'same words'),
      doc('x', 'same words'),
    ]);
    const backwards = new SearchIndex([
      doc('x', 'same words'),
      doc('b', 'same words'),
      doc('m', 'same words'),
    ]);
    expect(forwards.search('same', 5).map((hit) => hit.id)).toEqual(['b', 'm', 'x']);
    expect(backwards.search('same', 5)).toEqual(forwards.search('same', 5));
  });

  it('returns at most `limit` hits', () => {
    const index = new SearchIndex(published);
    expect(index.search('the', 2)).toHaveLength(2);
    expect(index.search('the', 5)).toHaveLength(5);
  });

  it('finds nothing for a query without words', () => {
    const index = new SearchIndex(published);
    expect(index.search('     ', 5)).toEqual([]);
    expect(index.search(' ,.;! ', 5)).toEqual([]);
  });

  it('finds nothing when no word matches', () => {
    const index = new SearchIndex(published);
    expect(index.search('quasar', 5)).toEqual([]);
  });

  it('matches title and author words, case-insensitively', () => {
    const index = new SearchIndex(published);
    expect(index.search('LIGHTHOUSE', 1)[0]?.id).toBe('lighthouse-keeping');
    const byAuthor = index.search('Tillery', 5).map((hit) => hit.id);
    expect(byAuthor.sort()).toEqual(['lighthouse-keeping', 'river-navigation', 'stone-bridges']);
  });

  it('is deterministic across repeated searches and rebuilt indexes', () => {
    const first = new SearchIndex(published).search('winter tide water', 5);
    const second = new SearchIndex([...published].reverse()).search('winter tide water', 5);
    expect(second).toEqual(first);
    expect(first.length).toBe(5);
  });

  it('returns a snippet of the text containing the matched word', () => {
    const [hit] = new SearchIndex(published).search('keystone', 1);
    expect(hit?.id).toBe('stone-bridges');
    expect(hit?.snippet).toContain('keystone');
  });
});
