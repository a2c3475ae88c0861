/** The demo's bundled Russian office catalog (packages/cli/src/demo/search-catalog.ts) as catalog tools. */
import { listedEntry } from './catalog-tool.mjs';
import { loadDemoSearchCatalog } from './modules.mjs';

export async function loadDemoCatalog() {
  const { DEMO_SEARCH_SECTIONS, DEMO_SEARCH_OPERATIONS, source } = await loadDemoSearchCatalog();
  const sections = new Map(DEMO_SEARCH_SECTIONS.map((section) => [section.slug, section]));
  const tools = DEMO_SEARCH_OPERATIONS.map((operation) => {
    const section = sections.get(operation.section);
    return {
      id: operation.name,
      name: operation.name,
      title: operation.title,
      description: operation.description,
      sections: [{ slug: operation.section, title: section?.title, description: section?.description }],
      listed: listedEntry({
        ...operation,
        annotations: operation.method === 'GET' ? { readOnlyHint: true } : undefined,
        sideEffects: operation.method !== 'GET',
      }),
    };
  });
  return { tools, source };
}
