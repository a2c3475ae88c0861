import { describe, expect, it } from 'vitest';
import { DRAFT_MAX_LENGTH, draftContentsProblem, isLibrarySlug, MAX_SLUG_LENGTH } from './draft-rules.js';

const contents = {
  operation: 'Create the spring notes draft for review',
  slug: 'spring-notes',
  title: 'Spring notes',
  text: 'First buds.',
};

describe('draft rules (the lesson declaration)', () => {
  it('declares slug string(80) and operation string(120), as the lesson does', () => {
    expect(DRAFT_MAX_LENGTH).toEqual({ slug: 80, title: 200, text: 12_000, approval: 200, operation: 120 });
  });

  it('accepts an 80-character slug, which the toolkit isSlug (64) would refuse', () => {
    const slug = `${'a'.repeat(39)}-${'b'.repeat(40)}`;
    expect(slug).toHaveLength(MAX_SLUG_LENGTH);
    expect(isLibrarySlug(slug)).toBe(true);
    expect(isLibrarySlug(`${slug}c`)).toBe(false);
  });

  it.each(['Bad', 'bad-', '-bad', 'a--b', 'a_b', '', 'a b'])('refuses the slug %j', (slug) => {
    expect(isLibrarySlug(slug)).toBe(false);
    expect(draftContentsProblem({ ...contents, slug })).toMatch(/^slug must be 1-80 lowercase/);
  });

  it('accepts any free-text operation of 1-120 characters', () => {
    expect(draftContentsProblem(contents)).toBeUndefined();
    expect(draftContentsProblem({ ...contents, operation: 'x'.repeat(120) })).toBeUndefined();
    expect(draftContentsProblem({ ...contents, operation: 'create_draft' })).toBeUndefined();
  });

  it.each([
    ['operation', '', 'operation must be 1-120 characters (it has 0)'],
    ['operation', 'x'.repeat(121), 'operation must be 1-120 characters (it has 121)'],
    ['title', 't'.repeat(201), 'title must be 1-200 characters (it has 201)'],
    ['text', '', 'text must be 1-12000 characters (it has 0)'],
  ] as const)('refuses a %s of the wrong length, naming the rule', (field, value, message) => {
    expect(draftContentsProblem({ ...contents, [field]: value })).toBe(message);
  });
});
