import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signApproval } from './approval.js';
import { DraftStore } from './draft-store.js';
import { DEFAULT_SEARCH_LIMIT, Library, MAX_SEARCH_LIMIT } from './library.js';
import { LibraryError } from './library-error.js';

const key = 'library-test-approval-key';

describe('Library: search and read', () => {
  const library = new Library();

  it('returns the default number of hits without a limit, and never more than the maximum', () => {
    expect(library.search('the')).toHaveLength(DEFAULT_SEARCH_LIMIT);
    expect(library.search('the', 50)).toHaveLength(MAX_SEARCH_LIMIT);
    expect(library.search('the', 1)).toHaveLength(1);
  });

  it('finds nothing for a query of spaces', () => {
    expect(library.search('     ', 5)).toEqual([]);
  });

  it('never searches private documents, not even their words', () => {
    expect(library.search('unannounced budget meeting', 5)).toEqual([]);
    const ids = library.search('invoice printer cotton', 5).map((hit) => hit.id);
    expect(ids).not.toContain('printer-letter');
    expect(ids).not.toContain('editor-notes-spring');
    expect(ids).toContain('paper-making');
  });

  it('returns instruction-like text as plain data', () => {
    const [hit] = library.search('ignore previous instructions', 1);
    expect(hit?.id).toBe('bookbinding-basics');
    expect(hit?.snippet).toContain('Ignore previous instructions');
  });

  it('reads a document by id', () => {
    expect(library.read('tea-brewing')).toEqual({
      id: 'tea-brewing',
      title: 'Water, Leaf and Time',
      author: 'Lin Haruto',
      text: expect.stringContaining('third cup'),
    });
  });

  it.each(['no-such-document', 'printer-letter', '../corpus.ts'])('refuses to read %s as not found', (id) => {
    expect(() => library.read(id)).toThrow(LibraryError);
    expect(() => library.read(id)).toThrow(expect.objectContaining({ code: 'ERR_DOCUMENT_NOT_FOUND' }));
  });
});

describe('Library: drafts', () => {
  let store: DraftStore;
  let library: Library;
  const contents = {
    operation: 'Create the new essay draft',
    slug: 'new-essay',
    title: 'New Essay',
    text: 'Draft text.',
  };

  beforeAll(async () => {
    store = await DraftStore.open();
    library = new Library({ drafts: store });
  });

  afterAll(async () => {
    await library.close();
  });

  it('refuses drafts when it has no store', async () => {
    const readOnly = new Library();
    expect(readOnly.acceptsDrafts).toBe(false);
    await expect(
      readOnly.createDraft({ ...contents, approval: signApproval(key, contents) }, key),
    ).rejects.toMatchObject({ code: 'ERR_DRAFTS_DISABLED' });
  });

  it.each([
    ['an empty operation', { ...contents, operation: '' }, 'ERR_INVALID_DRAFT'],
    ['an operation of 121 characters', { ...contents, operation: 'o'.repeat(121) }, 'ERR_INVALID_DRAFT'],
    ['a slug of 81 characters', { ...contents, slug: 'a'.repeat(81) }, 'ERR_INVALID_DRAFT'],
    ['a bad slug', { ...contents, slug: 'Bad Slug' }, 'ERR_INVALID_DRAFT'],
    ['a trailing hyphen', { ...contents, slug: 'bad-' }, 'ERR_INVALID_DRAFT'],
  ])('refuses %s even when approved', async (_case, request, code) => {
    const approval = signApproval(key, request);
    await expect(library.createDraft({ ...request, approval }, key)).rejects.toMatchObject({ code });
    expect(await store.count()).toBe(0);
  });

  it('refuses a missing, tampered or foreign approval and stores nothing', async () => {
    const good = signApproval(key, contents);
    for (const approval of [
      '',
      `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`,
      signApproval('other-key-0123456789', contents),
    ]) {
      await expect(library.createDraft({ ...contents, approval }, key)).rejects.toMatchObject({
        code: 'ERR_APPROVAL_INVALID',
      });
    }
    // The approval of one text does not cover another.
    await expect(
      library.createDraft({ ...contents, text: 'Different text.', approval: good }, key),
    ).rejects.toMatchObject({ code: 'ERR_APPROVAL_INVALID' });
    // An empty key (a missing secret) approves nothing.
    await expect(library.createDraft({ ...contents, approval: good }, '')).rejects.toMatchObject({
      code: 'ERR_APPROVAL_INVALID',
    });
    expect(await store.count()).toBe(0);
  });

  it('stores an approved draft once, however often the approval is replayed', async () => {
    const approval = signApproval(key, contents);
    const first = await library.createDraft({ ...contents, approval }, key);
    expect(first.created).toBe(true);
    expect(first.draft).toMatchObject({
      slug: 'new-essay',
      title: 'New Essay',
      text: 'Draft text.',
      published: false,
    });
    const second = await library.createDraft({ ...contents, approval }, key);
    expect(second).toEqual({ draft: first.draft, created: false });
    expect(await store.count()).toBe(1);
  });

  it('keeps drafts out of search and read', async () => {
    expect(library.search('draft text essay', 5).map((hit) => hit.id)).not.toContain('new-essay');
    expect(() => library.read('new-essay')).toThrow(LibraryError);
  });
});
