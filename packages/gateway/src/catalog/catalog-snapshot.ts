import { createHash } from 'node:crypto';
import { canonicalJson } from '@mcpforge/server';
import type { DeliveryMode } from './agent-definition.js';
import type { OperationDefinition } from './operation-definition.js';

/** A section as it was when the agent was published. */
export interface CatalogSection {
  slug: string;
  title: string;
  description: string;
}

/** One tool of a published catalog: an operation pinned at one published version. */
export interface CatalogTool {
  operation: string;
  operationVersion: number;
  definition: OperationDefinition;
}

/**
 * The content of a published agent version: what its endpoint serves. Stored whole in
 * `agent_versions.catalog`; its digest is the `catalog_revision`.
 */
export interface CatalogContent {
  workspace: string;
  agent: string;
  delivery: DeliveryMode;
  defaultSearchLimit: number;
  /** The agent's own sections (its search filters), by slug order of the draft. */
  agentSections: string[];
  /** Every section the agent or one of its tools names, by slug. */
  sections: CatalogSection[];
  /** In the agent's order. */
  tools: CatalogTool[];
  /**
   * The agent's synonym groups for `search_tools`, trimmed. Present only when there are some:
   * a catalog without synonyms has the content, and so the revision, it had before they existed.
   */
  searchSynonyms?: string[][];
}

/**
 * The `catalog_revision` of a catalog: sha256 (hex) of its canonical JSON (keys sorted), so
 * equal content always has the same revision and any change of a tool, setting or section text
 * gives another. A bounded token, not a label: it protects `search_tools` → `call_tool`.
 */
export function catalogRevision(content: CatalogContent): string {
  return createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');
}
