import type { RerankCandidate, Reranker } from './reranker.js';

/**
 * A re-ranker over an operator's OpenAI-compatible embeddings endpoint: `POST {url}` with
 * `{ input: [texts], model }`, answered `{ data: [{ embedding: number[], index? }] }`. Hits are
 * ordered by the cosine similarity of their text to the query's. Tool texts are embedded once
 * (a bounded cache by text), so a search usually sends only the query.
 * @module
 */

/** Longest wait for the endpoint before the search keeps its BM25 order. */
export const DEFAULT_RERANK_TIMEOUT_MS = 2_000;
/** Tool texts whose embeddings are kept; beyond it the cache starts over. */
export const DEFAULT_RERANK_CACHE_TEXTS = 20_000;
/** Largest answer read from the endpoint (a few hundred vectors of a few thousand floats). */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

export interface EmbeddingsRerankerOptions {
  /** The endpoint, e.g. `http://127.0.0.1:8080/v1/embeddings`. */
  url: string;
  /** The `model` member sent. */
  model: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string | undefined;
  /** @default DEFAULT_RERANK_TIMEOUT_MS */
  timeoutMs?: number | undefined;
  /** @default DEFAULT_RERANK_CACHE_TEXTS */
  maxCachedTexts?: number | undefined;
}

export type RerankErrorCode =
  | 'rerank_unreachable'
  | 'rerank_timeout'
  | 'rerank_http_status'
  | 'rerank_invalid_answer';

/** Why a re-ranking failed; the message names the endpoint's fault, never a query. */
export class RerankError extends Error {
  override readonly name = 'RerankError';
  readonly code: RerankErrorCode;

  constructor(code: RerankErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

async function readBounded(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_ANSWER_BYTES) throw new RerankError('rerank_invalid_answer', 'the answer is too large');
  const reader = response.body?.getReader();
  if (reader === undefined) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new RerankError('rerank_invalid_answer', 'the answer is too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The vectors of an answer for `count` inputs, in input order. @throws RerankError */
function readVectors(text: string, count: number): number[][] {
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new RerankError('rerank_invalid_answer', 'the answer is not JSON');
  }
  const data = (answer as { data?: unknown } | null)?.data;
  if (!Array.isArray(data) || data.length !== count)
    throw new RerankError('rerank_invalid_answer', `expected data with ${count} embeddings`);
  const vectors: number[][] = new Array(count);
  let dimensions: number | undefined;
  data.forEach((item: unknown, position) => {
    const { embedding, index } = (item ?? {}) as { embedding?: unknown; index?: unknown };
    const at = index === undefined ? position : index;
    if (
      !Number.isInteger(at) ||
      (at as number) < 0 ||
      (at as number) >= count ||
      vectors[at as number] !== undefined
    )
      throw new RerankError('rerank_invalid_answer', `data[${position}].index is not a new input position`);
    if (
      !Array.isArray(embedding) ||
      embedding.length === 0 ||
      !embedding.every((x) => typeof x === 'number' && Number.isFinite(x))
    )
      throw new RerankError(
        'rerank_invalid_answer',
        `data[${position}].embedding is not an array of numbers`,
      );
    dimensions ??= embedding.length;
    if (embedding.length !== dimensions)
      throw new RerankError('rerank_invalid_answer', 'the embeddings have different dimensions');
    vectors[at as number] = embedding as number[];
  });
  return vectors;
}

export class EmbeddingsReranker implements Reranker {
  readonly #url: string;
  readonly #model: string;
  readonly #apiKey: string | undefined;
  readonly #timeoutMs: number;
  readonly #maxCached: number;
  readonly #cache = new Map<string, number[]>();

  constructor(options: EmbeddingsRerankerOptions) {
    let url: URL;
    try {
      url = new URL(options.url);
    } catch {
      throw new TypeError(
        `search.reranker.url: not a URL: ${JSON.stringify(String(options.url)).slice(0, 200)}`,
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new TypeError(`search.reranker.url: must be http(s), got ${url.protocol}`);
    if (typeof options.model !== 'string' || options.model === '')
      throw new TypeError('search.reranker.model: must name the embeddings model');
    this.#url = url.href;
    this.#model = options.model;
    this.#apiKey = options.apiKey;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_RERANK_TIMEOUT_MS;
    this.#maxCached = options.maxCachedTexts ?? DEFAULT_RERANK_CACHE_TEXTS;
    if (!Number.isSafeInteger(this.#timeoutMs) || this.#timeoutMs <= 0)
      throw new RangeError(
        `search.reranker.timeoutMs: must be a positive integer (got ${String(options.timeoutMs)})`,
      );
  }

  async rerank(
    query: string,
    candidates: readonly RerankCandidate[],
    signal: AbortSignal,
  ): Promise<string[]> {
    const texts = [...new Set(candidates.map((candidate) => candidate.text))];
    const known = new Map<string, number[]>();
    const missing: string[] = [];
    for (const text of texts) {
      const cached = this.#cache.get(text);
      if (cached === undefined) missing.push(text);
      else known.set(text, cached);
    }
    const vectors = await this.#embed([query, ...missing], signal);
    if (this.#cache.size + missing.length > this.#maxCached) this.#cache.clear();
    missing.forEach((text, i) => {
      const vector = vectors[i + 1] as number[];
      known.set(text, vector);
      this.#cache.set(text, vector);
    });
    const target = vectors[0] as number[];
    const scored = candidates.map((candidate, position) => {
      const vector = known.get(candidate.text) as number[];
      // A cached vector of another model's size (the endpoint's model changed).
      if (vector.length !== target.length) {
        this.#cache.clear();
        throw new RerankError('rerank_invalid_answer', 'the embeddings have different dimensions');
      }
      return { name: candidate.name, similarity: cosine(target, vector), position };
    });
    // Equal similarity keeps the BM25 order: the result stays deterministic.
    scored.sort((a, b) => b.similarity - a.similarity || a.position - b.position);
    return scored.map((entry) => entry.name);
  }

  async #embed(input: string[], signal: AbortSignal): Promise<number[][]> {
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (this.#apiKey !== undefined) headers['authorization'] = `Bearer ${this.#apiKey}`;
    let response: Response;
    try {
      response = await fetch(this.#url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ input, model: this.#model }),
        signal: AbortSignal.any([signal, timeout]),
        redirect: 'error',
      });
    } catch (error) {
      if (timeout.aborted) throw new RerankError('rerank_timeout', `no answer within ${this.#timeoutMs} ms`);
      throw new RerankError('rerank_unreachable', 'the embeddings endpoint could not be reached', {
        cause: error,
      });
    }
    try {
      if (!response.ok) {
        await response.body?.cancel();
        throw new RerankError(
          'rerank_http_status',
          `the embeddings endpoint answered HTTP ${response.status}`,
        );
      }
      return readVectors(await readBounded(response), input.length);
    } catch (error) {
      if (error instanceof RerankError) throw error;
      if (timeout.aborted)
        throw new RerankError('rerank_timeout', `no whole answer within ${this.#timeoutMs} ms`);
      throw new RerankError('rerank_unreachable', 'the answer could not be read', { cause: error });
    }
  }
}
