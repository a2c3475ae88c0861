/** The demo's bundled Russian office catalog (packages/cli/src/demo/search-catalog.ts) as catalog tools. */
import { catalogTool } from './catalog-tool.mjs';
import { loadDemoSearchCatalog } from './modules.mjs';

export async function loadDemoCatalog() {
  const { DEMO_SEARCH_SECTIONS, DEMO_SEARCH_OPERATIONS, source } = await loadDemoSearchCatalog();
  const sections = new Map(DEMO_SEARCH_SECTIONS.map((section) => [section.slug, section]));
  const tools = DEMO_SEARCH_OPERATIONS.map((operation) =>
    catalogTool(
      operation.name,
      {
        ...operation,
        sections: [operation.section],
        annotations: operation.method === 'GET' ? { readOnlyHint: true } : undefined,
      },
      operation.method,
      sections,
    ),
  );
  return { tools, source };
}
