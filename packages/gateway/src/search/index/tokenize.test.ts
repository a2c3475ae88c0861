import { describe, expect, it } from 'vitest';
import { analyze } from './analyze.js';
import { normalizeText } from './normalize.js';
import { languageOf } from './stem.js';
import { tokenize } from './tokenize.js';

describe('tokenize', () => {
  it('splits identifiers on _ - . / and case changes, keeping a mixed-case word whole too', () => {
    expect(tokenize('repos/create-fork')).toEqual(['repos', 'create', 'fork']);
    expect(tokenize('list_for.user')).toEqual(['list', 'for', 'user']);
    expect(tokenize('listForAuthenticatedUser')).toEqual([
      'list',
      'for',
      'authenticated',
      'user',
      'listforauthenticateduser',
    ]);
    expect(tokenize('HTTPServer')).toEqual(['http', 'server', 'httpserver']);
  });

  it('splits digit runs from letters', () => {
    expect(tokenize('oauth2 post_v2')).toEqual(['oauth', '2', 'post', 'v', '2']);
  });

  it('normalises with NFKC, case folding and ё → е', () => {
    expect(tokenize('ＧＥＴ Ёлка')).toEqual(['get', 'елка']);
    expect(normalizeText('ﬁle')).toBe('file');
  });
});

describe('analyze', () => {
  it('drops stop words per language and stems English and Russian words', () => {
    expect(analyze('Please list the repositories of my organization')).toEqual(
      analyze('list repository organizations'),
    );
    expect(analyze('счета клиентов')).toEqual(analyze('счёт клиенту'));
    expect(analyze('я хочу и мне')).toEqual([]);
  });

  it('reads the language from the script of each word', () => {
    expect(languageOf('счета')).toBe('russian');
    expect(languageOf('invoice')).toBe('english');
    expect(languageOf('2024')).toBe('other');
    expect(analyze('invoices счета')).toEqual(['invoic', 'счет']);
  });
});
