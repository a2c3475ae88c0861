import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PublishedCatalog } from '../../catalog/published-catalog.js';
import { CatalogSearch } from '../mcp/catalog-search.js';
import { EmbeddingsReranker, RerankError } from './embeddings-reranker.js';
import type { RerankCandidate } from './reranker.js';

/**
 * The re-ranker's contract against a real HTTP server on 127.0.0.1 speaking the OpenAI
 * embeddings shape. Its "model" maps words of both languages to shared concept axes, so a
 * Russian query lands near an English tool text, as a multilingual model's vectors would.
 */
const CONCEPTS: Record<string, number> = {
  rate: 0,
  rates: 0,
  exchange: 0,
  currency: 0,
  курс: 0,
  валют: 0,
  котировк: 0,
  invoice: 1,
  invoices: 1,
  bill: 1,
  счёт: 1,
  счет: 1,
  выставить: 1,
  contact: 2,
  contacts: 2,
  delete: 2,
  контакт: 2,
  удалить: 2,
};

function embed(text: string): number[] {
  const vector = [0.01, 0.01, 0.01, 0.01];
  for (const word of text.toLowerCase().split(/[^\p{L}]+/u)) {
    for (const [stem, axis] of Object.entries(CONCEPTS)) if (word.startsWith(stem)) vector[axis]! += 1;
  }
  return vector;
}

type Behaviour = 'ok' | 'status' | 'not-json' | 'short' | 'hang' | 'reversed-index';

interface Received {
  authorization: string | undefined;
  body: { input: string[]; model: string };
}

let server: Server;
let url: string;
let behaviour: Behaviour = 'ok';
const received: Received[] = [];

function answer(request: IncomingMessage, response: ServerResponse): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'];
    received.push({ authorization: request.headers.authorization, body });
    if (behaviour === 'hang') return;
    if (behaviour === 'status') return void response.writeHead(503).end('{"error":"overloaded"}');
    if (behaviour === 'not-json') return void response.writeHead(200).end('<html>');
    const data = body.input.map((text, index) => ({ object: 'embedding', index, embedding: embed(text) }));
    if (behaviour === 'short') data.pop();
    if (behaviour === 'reversed-index') data.reverse();
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ object: 'list', data }));
  });
}

beforeAll(async () => {
  server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/embeddings`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  behaviour = 'ok';
  received.length = 0;
});

const CANDIDATES: RerankCandidate[] = [
  { name: 'delete_contact', text: 'delete_contact\nDeletes a contact.', score: 0 },
  { name: 'latest_rate', text: 'latest_rate\nLatest exchange rate of a currency.', score: 0 },
  { name: 'create_invoice', text: 'create_invoice\nCreates an invoice.', score: 0 },
];
const signal = () => new AbortController().signal;

describe('EmbeddingsReranker against a real embeddings server', () => {
  it('sends { input: [query, ...texts], model } with the key, orders by cosine similarity, and embeds each text once', async () => {
    const reranker = new EmbeddingsReranker({ url, model: 'multilingual-test', apiKey: 'sk-test' });
    const order = await reranker.rerank('курс валют', CANDIDATES, signal());
    expect(order[0]).toBe('latest_rate');
    expect([...order].sort()).toEqual(CANDIDATES.map((c) => c.name).sort());
    expect(received).toEqual([
      {
        authorization: 'Bearer sk-test',
        body: { input: ['курс валют', ...CANDIDATES.map((c) => c.text)], model: 'multilingual-test' },
      },
    ]);
    expect((await reranker.rerank('выставить счёт', CANDIDATES, signal()))[0]).toBe('create_invoice');
    // The tool texts came from the cache: only the query was sent.
    expect(received[1]?.body.input).toEqual(['выставить счёт']);
  });

  it("reads the answer's index member (data in another order)", async () => {
    behaviour = 'reversed-index';
    const reranker = new EmbeddingsReranker({ url, model: 'm' });
    expect((await reranker.rerank('удалить контакт', CANDIDATES, signal()))[0]).toBe('delete_contact');
  });

  it('fails with a typed error for an HTTP error, a non-JSON answer, a wrong count, a timeout and an unreachable endpoint', async () => {
    const cases: [Behaviour, string, EmbeddingsReranker][] = [
      ['status', 'rerank_http_status', new EmbeddingsReranker({ url, model: 'm' })],
      ['not-json', 'rerank_invalid_answer', new EmbeddingsReranker({ url, model: 'm' })],
      ['short', 'rerank_invalid_answer', new EmbeddingsReranker({ url, model: 'm' })],
      ['hang', 'rerank_timeout', new EmbeddingsReranker({ url, model: 'm', timeoutMs: 100 })],
    ];
    for (const [mode, code, reranker] of cases) {
      behaviour = mode;
      const error = await reranker.rerank('курс', CANDIDATES, signal()).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RerankError);
      expect({ mode, code: (error as RerankError).code }).toEqual({ mode, code });
    }
    const closed = new EmbeddingsReranker({ url: 'http://127.0.0.1:1/v1/embeddings', model: 'm' });
    expect(
      await closed.rerank('курс', CANDIDATES, signal()).catch((caught: RerankError) => caught.code),
    ).toBe('rerank_unreachable');
  });

  it('refuses options that cannot work', () => {
    expect(() => new EmbeddingsReranker({ url: 'ftp://x/', model: 'm' })).toThrow(TypeError);
    expect(() => new EmbeddingsReranker({ url, model: '' })).toThrow(TypeError);
    expect(() => new EmbeddingsReranker({ url, model: 'm', timeoutMs: 0 })).toThrow(RangeError);
  });
});

function catalogOf(tools: { name: string; description: string }[]): PublishedCatalog {
  return {
    workspace: 'w',
    agent: 'a',
    delivery: 'search',
    defaultSearchLimit: 8,
    agentSections: [],
    sections: [],
    agentId: 'agent',
    agentVersionId: 'version',
    agentVersion: 1,
    revision: 'r1',
    publishedAt: new Date(0),
    tools: tools.map((tool, i) => ({
      operation: tool.name,
      operationVersion: 1,
      operationVersionId: `op-${i}`,
      definition: {
        name: tool.name,
        description: tool.description,
        sections: [],
        inputSchema: { type: 'object', properties: {} },
        binding: {
          method: 'GET',
          baseUrl: 'https://api.example.com',
          path: `/${tool.name}`,
          arguments: {},
          headers: {},
          timeoutMs: 1000,
          maxResponseBytes: 1000,
        },
        approval: 'none',
      },
    })),
  } as unknown as PublishedCatalog;
}

describe('CatalogSearch with a re-ranker', () => {
  const search = CatalogSearch.build(
    catalogOf([
      { name: 'delete_contact', description: 'Deletes a contact.' },
      { name: 'latest_rate', description: 'Latest exchange rate of a currency.' },
      { name: 'create_invoice', description: 'Creates an invoice.' },
    ]),
  );

  it('a Russian query over an English catalog: BM25 alone finds nothing, the re-ranker finds the tool', async () => {
    // A word the built-in English-Russian vocabulary does not know ("курс валют" it does).
    expect(await search.search('котировки', { limit: 3 })).toEqual([]);
    const reranker = new EmbeddingsReranker({ url, model: 'm' });
    const tools = await search.search('котировки', { limit: 1, reranker });
    expect(tools.map((tool) => tool.name)).toEqual(['latest_rate']);
  });

  it('on failure keeps the BM25 order and reports the error; a query without words sends nothing', async () => {
    behaviour = 'status';
    const failures: unknown[] = [];
    const reranker = new EmbeddingsReranker({ url, model: 'm' });
    const tools = await search.search('invoice', {
      limit: 3,
      reranker,
      onRerankFailure: (error) => failures.push(error),
    });
    expect(tools.map((tool) => tool.name)).toEqual(['create_invoice']);
    expect(failures).toHaveLength(1);
    expect((failures[0] as RerankError).code).toBe('rerank_http_status');
    received.length = 0;
    expect(await search.search('  ?! ', { limit: 3, reranker })).toEqual([]);
    expect(received).toEqual([]);
  });
});
