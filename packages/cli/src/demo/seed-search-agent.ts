import {
  createAgent,
  createSection,
  type Database,
  listSections,
  publishAgent,
  updateAgentDraft,
  updateSection,
} from '@mcpforge/gateway';
import {
  DEMO_SEARCH_AGENT,
  DEMO_SEARCH_OPERATIONS,
  DEMO_SEARCH_SECTIONS,
  type DemoSearchOperation,
} from './search-catalog.js';

/**
 * The demo's search-mode agent `office`: the bundled Russian office catalog (search-catalog.ts)
 * as operations of workspace `default` on the bundled upstream, its sections, and the agent in
 * `search` delivery over all of them, so `tools/list` shows only `search_tools` and `call_tool`.
 * @module
 */

/** Path arguments of a template: `/v1/clients/{client_id}` → `client_id`. */
export function pathArguments(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
}

/** The operation's draft: its path arguments in the path, the others in the query (GET, DELETE) or the JSON body. */
export function searchOperationDraft(operation: DemoSearchOperation, upstream: URL): Record<string, unknown> {
  const inPath = new Set(pathArguments(operation.path));
  const rest = operation.method === 'GET' || operation.method === 'DELETE' ? 'query' : 'body';
  const placements = Object.keys(operation.inputSchema.properties).map((name) => [
    name,
    { in: inPath.has(name) ? 'path' : rest },
  ]);
  return {
    name: operation.name,
    title: operation.title,
    description: operation.description,
    sections: [operation.section],
    inputSchema: operation.inputSchema,
    annotations: { readOnlyHint: operation.method === 'GET', openWorldHint: false },
    binding: {
      method: operation.method,
      baseUrl: upstream.origin + upstream.pathname.replace(/\/$/, ''),
      path: operation.path,
      arguments: Object.fromEntries(placements),
    },
  };
}

/** Creates or updates the sections of the office catalog in `workspace`. */
async function putSections(db: Database, workspace: string): Promise<void> {
  const existing = new Set((await listSections(db, workspace)).map((section) => section.slug));
  for (const section of DEMO_SEARCH_SECTIONS) {
    if (existing.has(section.slug)) {
      await updateSection(db, workspace, section.slug, {
        title: section.title,
        description: section.description,
      });
    } else await createSection(db, workspace, section);
  }
}

/**
 * Seeds `office` in `workspace`: sections, operations (through `putOperation`, which creates or
 * updates and publishes each) and the agent, published in search mode.
 */
export async function seedSearchAgent(
  db: Database,
  workspace: string,
  upstream: URL,
  existingAgents: ReadonlySet<string>,
  putOperation: (slug: string, draft: Record<string, unknown>) => Promise<void>,
): Promise<void> {
  await putSections(db, workspace);
  for (const operation of DEMO_SEARCH_OPERATIONS) {
    await putOperation(operation.slug, searchOperationDraft(operation, upstream));
  }
  const draft = {
    delivery: 'search',
    sections: DEMO_SEARCH_SECTIONS.map((section) => section.slug),
    operations: DEMO_SEARCH_OPERATIONS.map((operation) => operation.slug),
  };
  if (existingAgents.has(DEMO_SEARCH_AGENT)) await updateAgentDraft(db, workspace, DEMO_SEARCH_AGENT, draft);
  else await createAgent(db, workspace, { slug: DEMO_SEARCH_AGENT, draft });
  await publishAgent(db, workspace, DEMO_SEARCH_AGENT);
}
