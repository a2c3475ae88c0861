/**
 * The benchmark's view of one tool: what the index reads (name, title, description, sections
 * with their text) and what `tools/list` would show (the compact entry), with the operation's
 * id so tasks can name it.
 */

/**
 * @typedef {{ slug: string, title?: string, description?: string }} ToolSection
 * @typedef {{ id: string, name: string, title?: string, description: string,
 *   sections: ToolSection[], listed: Record<string, unknown> }} CatalogTool
 */

/** The `tools/list` entry the gateway publishes (search-mode answers carry the same). */
export function listedEntry({ name, title, description, inputSchema, annotations, sideEffects }) {
  const entry = { name };
  if (title !== undefined) entry.title = title;
  if (description !== undefined && description !== '') entry.description = description;
  entry.inputSchema = inputSchema;
  if (annotations !== undefined) entry.annotations = annotations;
  if (sideEffects) entry._meta = { 'forge.supports_permission_patterns': true };
  return entry;
}

/** What the gateway's index reads of a tool (its `SearchDocument`). */
export function searchDocument(tool) {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    sections: tool.sections,
    inputSchema: tool.listed.inputSchema,
  };
}

/** The text of a tool as one string, for engines that index a single field. */
export function allText(tool) {
  return [
    tool.name,
    tool.title ?? '',
    tool.description,
    ...tool.sections.flatMap((s) => [s.slug, s.title ?? '', s.description ?? '']),
  ]
    .filter((part) => part !== '')
    .join('\n');
}

/**
 * A catalog tool from a draft-like `definition` (name, title, description, inputSchema,
 * annotations, section slugs) called with HTTP `method`, its sections' texts taken from
 * `sections` (slug → { title, description }). Calls have side effects as the gateway decides it
 * (tool-definition.ts): any method but GET, unless the tool says it only reads.
 */
export function catalogTool(id, definition, method, sections) {
  const sideEffects = method !== 'GET' && definition.annotations?.readOnlyHint !== true;
  return {
    id,
    name: definition.name,
    title: definition.title,
    description: definition.description ?? '',
    sections: (definition.sections ?? []).map((slug) => ({
      slug,
      title: sections.get(slug)?.title,
      description: sections.get(slug)?.description,
    })),
    listed: listedEntry({ ...definition, sideEffects }),
  };
}
