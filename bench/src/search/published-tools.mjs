/**
 * A published agent catalog (what the gateway serves, read back with `loadPublishedCatalog`) as
 * the benchmark's catalog tools, so every engine, the in-process index included, reads exactly
 * the drafts that were published rather than a second conversion of the document. Tasks name
 * operations by operationId: the import report maps each tool to its API operation.
 */
import { catalogTool } from './catalog-tool.mjs';

/** `catalog`'s tools with the ids of `operations` (the import report's, by tool name). */
export function publishedTools(catalog, operations) {
  const idOf = new Map(
    operations.map((operation) => [operation.tool, operation.operationId ?? operation.key]),
  );
  const sections = new Map(catalog.sections.map((section) => [section.slug, section]));
  return catalog.tools.map(({ definition }) =>
    catalogTool(
      idOf.get(definition.name) ?? definition.name,
      definition,
      definition.binding.method,
      sections,
    ),
  );
}
