import { readSynonymGroup } from './agent-definition-synonyms.js';
import { readChoice, readInteger, readObject, readUniqueList, rejectUnknownKeys } from './field-reader.js';
import { readSlug } from './slug.js';

/**
 * How an agent's tools reach the client: `direct` lists every tool; `search` lists only
 * `search_tools` and `call_tool` (served by the search work).
 */
export const DELIVERY_MODES = ['direct', 'search'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

/** Results of `search_tools` when the caller gives no limit (the seed's default). */
export const DEFAULT_SEARCH_LIMIT = 8;
/** Largest `search_tools` limit (the seed's bound). */
export const MAX_SEARCH_LIMIT = 20;
/**
 * Most operations one agent exposes: search mode serves catalogs of thousands (GitHub's REST
 * API is 1,223), and a direct catalog far below this already draws a size warning.
 */
export const MAX_AGENT_OPERATIONS = 5000;
/** Most sections one agent is described by. */
export const MAX_AGENT_SECTIONS = 64;
/** Most synonym groups of one agent: each is compiled into the search index of every revision. */
export const MAX_SYNONYM_GROUPS = 200;

/** An agent's draft, and the settings part of each published version. */
export interface AgentDefinition {
  delivery: DeliveryMode;
  /** Section slugs of the workspace: the agent's search filters. */
  sections: string[];
  defaultSearchLimit: number;
  /** Operation slugs it exposes, in `tools/list` order. */
  operations: string[];
  /**
   * Groups of words or short phrases that mean the same in this agent's catalog
   * (`[["workflow", "pipeline", "ci job"]]`): `search_tools` expands a query's word to the others.
   * Entries are stored trimmed.
   */
  searchSynonyms: string[][];
}

/** The fields of an agent definition, in the order a draft shows them. */
const AGENT_FIELDS = ['delivery', 'sections', 'defaultSearchLimit', 'operations', 'searchSynonyms'];

/**
 * Reads an agent definition from untrusted JSON, filling defaults (`direct`, limit 8, no synonyms).
 * @throws GatewayError `invalid_field` naming the first field at fault.
 */
export function readAgentDefinition(value: unknown, field = ''): AgentDefinition {
  const record = readObject(value, field);
  const at = (key: string) => (field === '' ? key : `${field}.${key}`);
  rejectUnknownKeys(record, AGENT_FIELDS, field);
  const definition: AgentDefinition = {
    delivery: readChoice(record['delivery'], at('delivery'), DELIVERY_MODES, 'direct'),
    sections: readUniqueList(record['sections'], at('sections'), MAX_AGENT_SECTIONS, readSlug),
    defaultSearchLimit: readInteger(
      record['defaultSearchLimit'],
      at('defaultSearchLimit'),
      1,
      MAX_SEARCH_LIMIT,
      DEFAULT_SEARCH_LIMIT,
    ),
    operations: readUniqueList(record['operations'], at('operations'), MAX_AGENT_OPERATIONS, readSlug),
    searchSynonyms: readUniqueList(
      record['searchSynonyms'],
      at('searchSynonyms'),
      MAX_SYNONYM_GROUPS,
      readSynonymGroup,
    ),
  };
  return definition;
}

/**
 * A draft as stored: drafts saved before `searchSynonyms` existed lack it, and mean no synonyms.
 * Whatever reads a stored draft for its synonyms goes through this.
 */
export function storedAgentDefinition(
  draft: Omit<AgentDefinition, 'searchSynonyms'> & { searchSynonyms?: string[][] | undefined },
): AgentDefinition {
  return draft.searchSynonyms === undefined ? { ...draft, searchSynonyms: [] } : (draft as AgentDefinition);
}
