/**
 * What a catalog costs a model's context, in tokens estimated as ceil(UTF-8 bytes / 3) (the
 * gateway's own estimate): direct mode's `tools/list` result with every tool, against search
 * mode's typical exchange, the `tools/list` of the two meta-tools plus one `search_tools` answer
 * carrying 8 full tools and the catalog revision (as the gateway answers it: structured content
 * and the same JSON as text).
 */
export const SEARCH_ANSWER_TOOLS = 8;
const REVISION = 'f'.repeat(64);

export function tokensOf(value) {
  return Math.ceil(Buffer.byteLength(JSON.stringify(value), 'utf8') / 3);
}

/** Direct mode: one `tools/list` result with every tool. */
export function directTokens(tools) {
  return tokensOf({ tools: tools.map((tool) => tool.listed) });
}

/** Search mode's `tools/list`: the two meta-tools. */
export function metaListTokens(metaTools) {
  return tokensOf({ tools: metaTools });
}

/** One `search_tools` result carrying `listed` tools. */
export function searchAnswerTokens(listed) {
  const structuredContent = { tools: listed, catalog_revision: REVISION };
  return tokensOf({
    content: [{ type: 'text', text: JSON.stringify(structuredContent) }],
    structuredContent,
  });
}
