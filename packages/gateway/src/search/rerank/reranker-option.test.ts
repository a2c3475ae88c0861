import { expect, it } from 'vitest';
import { resolveGatewayOptions } from '../../http/options.js';
import { EmbeddingsReranker } from './embeddings-reranker.js';
import type { Reranker } from './reranker.js';

it('search.reranker: off by default, { url, model } builds the embeddings re-ranker, any Reranker is taken as is', () => {
  expect(resolveGatewayOptions().search.reranker).toBeUndefined();
  expect(resolveGatewayOptions({ search: {} }).search.reranker).toBeUndefined();
  const built = resolveGatewayOptions({
    search: { reranker: { url: 'http://127.0.0.1:9/v1/embeddings', model: 'm' } },
  });
  expect(built.search.reranker).toBeInstanceOf(EmbeddingsReranker);
  const own: Reranker = {
    rerank: async (_query, candidates) => candidates.map((candidate) => candidate.name),
  };
  expect(resolveGatewayOptions({ search: { reranker: own } }).search.reranker).toBe(own);
});

it('a bad search.reranker throws naming the option', () => {
  expect(() => resolveGatewayOptions({ search: 'on' as never })).toThrow(/^search:/);
  expect(() => resolveGatewayOptions({ search: { reranker: true as never } })).toThrow(/^search\.reranker/);
  expect(() => resolveGatewayOptions({ search: { reranker: { url: 'nope', model: 'm' } } })).toThrow(
    /^search\.reranker\.url/,
  );
  expect(() => resolveGatewayOptions({ search: { reranker: { url: 'http://x/', model: '' } } })).toThrow(
    /^search\.reranker\.model/,
  );
});
