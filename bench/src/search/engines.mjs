/**
 * The search engines compared on the same catalog: ours (the gateway's ToolSearchIndex), the
 * plain BM25 baseline, and minisearch with its defaults and with its best reasonable
 * configuration (field boosts like ours, prefix and fuzzy matching, our analyzer as its tokenizer
 * and term processor, so stemming and identifier splitting are the same as ours).
 * Each engine: build(tools) → { search(query, limit) → names best first }.
 */
import MiniSearch from 'minisearch';
import { allText, searchDocument } from './catalog-tool.mjs';
import { GITHUB_OPERATOR_SYNONYMS } from './github-operator-synonyms.mjs';
import { loadSearchIndex } from './modules.mjs';
import { PlainBm25 } from './plain-bm25.mjs';

/** The same parameter text ours reads (names, descriptions, enum values), for the other engines. */
function parameterText(tool, schemaText) {
  const { names, descriptions } = schemaText(tool.listed.inputSchema);
  return [names.join(' '), ...descriptions].join('\n');
}

function sectionText(tool) {
  return tool.sections
    .map((section) => [section.slug, section.title ?? '', section.description ?? ''].join(' '))
    .join(' ');
}

function miniDocuments(tools, schemaText) {
  return tools.map((tool, id) => ({
    id,
    name: tool.name,
    title: tool.title ?? '',
    description: tool.description,
    sections: sectionText(tool),
    parameters: parameterText(tool, schemaText),
  }));
}

export async function engines() {
  const { ToolSearchIndex, analyze, tokenize, schemaText, source } = await loadSearchIndex();
  return {
    source,
    list: [
      {
        key: 'forge',
        label: 'mcpforge index',
        build(tools) {
          const index = ToolSearchIndex.build(tools.map(searchDocument));
          return { search: (query, limit) => index.search(query, { limit }).map((hit) => hit.name) };
        },
      },
      {
        key: 'forgeSynonyms',
        label: 'mcpforge index + operator synonyms (github-operator-synonyms.mjs)',
        // GitHub's synonym list: only the GitHub set measures it.
        only: 'github',
        build(tools) {
          const index = ToolSearchIndex.build(tools.map(searchDocument), undefined, {
            synonyms: GITHUB_OPERATOR_SYNONYMS,
          });
          return { search: (query, limit) => index.search(query, { limit }).map((hit) => hit.name) };
        },
      },
      {
        key: 'floor',
        label: 'plain BM25',
        build(tools) {
          const index = new PlainBm25(
            tools.map((tool) => ({
              name: tool.name,
              text: `${allText(tool)}\n${parameterText(tool, schemaText)}`,
            })),
          );
          return { search: (query, limit) => index.search(query, limit) };
        },
      },
      {
        key: 'minisearch',
        label: 'minisearch (defaults)',
        build: (tools) => miniSearchEngine(tools, schemaText, {}),
      },
      {
        key: 'minisearchTuned',
        label: 'minisearch (boosts, prefix, fuzzy, our analyzer)',
        build: (tools) =>
          miniSearchEngine(tools, schemaText, {
            // Our words (identifier splits, NFKC, case folding); our stop words and stems per language.
            tokenize: (text) => tokenize(text),
            processTerm: (term) => analyze(term)[0] ?? null,
            searchOptions: {
              boost: { name: 3, title: 2, description: 1, sections: 0.5, parameters: 0.5 },
              prefix: (term) => term.length >= 3,
              fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
            },
          }),
      },
    ],
  };
}

/** A minisearch index over the same fields as ours, with `options` on top of them. */
function miniSearchEngine(tools, schemaText, options) {
  const index = new MiniSearch({
    fields: ['name', 'title', 'description', 'sections', 'parameters'],
    storeFields: ['name'],
    ...options,
  });
  index.addAll(miniDocuments(tools, schemaText));
  return {
    search: (query, limit) =>
      index
        .search(query)
        .slice(0, limit)
        .map((hit) => hit.name),
  };
}
