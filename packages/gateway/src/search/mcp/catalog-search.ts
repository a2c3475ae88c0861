import type { Tool } from '@mcpforge/server';
import type { PublishedCatalog } from '../../catalog/published-catalog.js';
import { DEFAULT_TUNING, type SearchDocument, ToolSearchIndex } from '../index/index.js';
import { runInSlices, runToEnd, type Steps } from '../index/sliced-work.js';
import type { RerankCandidate, Reranker } from '../rerank/reranker.js';
import { listedToolOf } from './tool-definition.js';

/** BM25 hits offered to a re-ranker: enough for it to lift a tool BM25 ranked low. */
const RERANK_POOL = 50;
/**
 * Up to this many tools, a re-ranker also sees tools BM25 did not match at all (a query in
 * another language than the catalog matches nothing); larger catalogs offer only BM25's hits.
 */
const RERANK_ALL_BELOW = 200;

/** What a search answers: the tools, best first. */
export interface CatalogSearchOptions {
  sections?: readonly string[] | undefined;
  limit: number;
  reranker?: Reranker | undefined;
  signal?: AbortSignal | undefined;
  /** Told when the re-ranker failed (the BM25 order is kept). */
  onRerankFailure?: ((error: unknown) => void) | undefined;
}

/**
 * One catalog revision's search: its index, built once, and each tool's `tools/list` entry, so a
 * hit is answered with exactly what a direct listing shows.
 */
export class CatalogSearch {
  readonly revision: string;
  /** The slugs of the catalog's sections, in catalog order: what `sections` may name. */
  readonly sections: readonly string[];
  readonly #index: ToolSearchIndex;
  readonly #listed: ReadonlyMap<string, Tool>;
  readonly #documents: ReadonlyMap<string, SearchDocument>;

  private constructor(
    revision: string,
    index: ToolSearchIndex,
    listed: Map<string, Tool>,
    documents: Map<string, SearchDocument>,
    sections: readonly string[],
  ) {
    this.revision = revision;
    this.sections = sections;
    this.#index = index;
    this.#listed = listed;
    this.#documents = documents;
  }

  static build(catalog: PublishedCatalog): CatalogSearch {
    return runToEnd(CatalogSearch.#buildSteps(catalog));
  }

  /**
   * {@link build} in slices that give the event loop back every few milliseconds: indexing a
   * catalog of thousands of tools then never stalls the process's other requests.
   */
  static buildInSlices(catalog: PublishedCatalog, sliceMs?: number): Promise<CatalogSearch> {
    return runInSlices(CatalogSearch.#buildSteps(catalog), sliceMs);
  }

  static *#buildSteps(catalog: PublishedCatalog): Steps<CatalogSearch> {
    const sections = new Map(catalog.sections.map((section) => [section.slug, section]));
    const listed = new Map<string, Tool>();
    const documents = new Map<string, SearchDocument>();
    for (const tool of catalog.tools) {
      const { definition } = tool;
      listed.set(definition.name, listedToolOf(tool));
      documents.set(definition.name, {
        name: definition.name,
        title: definition.title,
        description: definition.description,
        // Property names and descriptions help find a tool by what it takes.
        inputSchema: definition.inputSchema,
        sections: definition.sections.map((slug) => {
          const section = sections.get(slug);
          return { slug, title: section?.title, description: section?.description };
        }),
      });
      yield;
    }
    // The agent's synonyms are part of the published version, so of this revision's index.
    const index = yield* ToolSearchIndex.buildSteps([...documents.values()], DEFAULT_TUNING, {
      synonyms: catalog.searchSynonyms,
    });
    return new CatalogSearch(
      catalog.revision,
      index,
      listed,
      documents,
      catalog.sections.map((section) => section.slug),
    );
  }

  /** The best tools for `query` (none for a query without words, or of stop words no group knows). */
  async search(query: string, options: CatalogSearchOptions): Promise<Tool[]> {
    const { limit, reranker } = options;
    // The index answers a query without words with no hits by itself.
    if (reranker === undefined)
      return this.#tools(
        this.#index.search(query, options).map((hit) => hit.name),
        limit,
      );
    // A re-ranker may be offered tools BM25 did not match, but never for a query without words.
    if (!this.#index.hasQueryTerms(query)) return [];
    const hits = this.#index.search(query, {
      sections: options.sections,
      limit: Math.max(RERANK_POOL, limit),
    });
    const bm25 = hits.map((hit) => hit.name);
    const candidates: RerankCandidate[] = hits.map((hit) => ({
      name: hit.name,
      text: this.#text(hit.name),
      score: hit.score,
    }));
    if (this.#documents.size <= RERANK_ALL_BELOW) {
      const found = new Set(bm25);
      const wanted =
        options.sections === undefined || options.sections.length === 0
          ? undefined
          : new Set(options.sections);
      for (const document of this.#documents.values()) {
        if (found.has(document.name)) continue;
        if (wanted !== undefined && !document.sections.some((section) => wanted.has(section.slug))) continue;
        candidates.push({ name: document.name, text: this.#text(document.name), score: 0 });
      }
    }
    if (candidates.length === 0) return [];
    try {
      const order = await reranker.rerank(query, candidates, options.signal ?? new AbortController().signal);
      const offered = new Set(candidates.map((candidate) => candidate.name));
      return this.#tools(
        order.filter((name) => offered.has(name)),
        limit,
      );
    } catch (error) {
      options.onRerankFailure?.(error);
      return this.#tools(bm25, limit);
    }
  }

  #tools(names: readonly string[], limit: number): Tool[] {
    const tools: Tool[] = [];
    const seen = new Set<string>();
    for (const name of names) {
      const tool = this.#listed.get(name);
      if (tool === undefined || seen.has(name)) continue;
      seen.add(name);
      tools.push(tool);
      if (tools.length === limit) break;
    }
    return tools;
  }

  #text(name: string): string {
    const document = this.#documents.get(name);
    if (document === undefined) return name;
    const parts = [document.name, document.title ?? '', document.description];
    for (const section of document.sections) parts.push(section.title ?? '', section.description ?? '');
    return parts.filter((part) => part !== '').join('\n');
  }
}
