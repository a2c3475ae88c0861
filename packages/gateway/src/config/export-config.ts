import { canonicalJson } from '@mcpforge/server';
import type { AgentDefinition } from '../catalog/agent-definition.js';
import type { Agent } from '../catalog/agents-table.js';
import { listAgents } from '../catalog/agents-table.js';
import type { OperationDefinition } from '../catalog/operation-definition.js';
import { getOperationVersion } from '../catalog/operation-versions-table.js';
import { listOperations, type Operation } from '../catalog/operations-table.js';
import { loadAgentVersion } from '../catalog/published-catalog.js';
import { listSections } from '../catalog/sections-table.js';
import { listUpstreamHosts } from '../catalog/upstream-hosts-table.js';
import type { Queryable } from '../store/database.js';
import type { ConfigAgent, ConfigDocument, ConfigOperation } from './config-document.js';
import { CONFIG_API_VERSION } from './config-schema.js';

/**
 * A workspace as a configuration document: what is live (archived operations and agents are
 * left out, as they can never come back), by slug, with every default filled in. Never keys:
 * they are not configuration, and their values are not stored. Secrets stay `${VAR}` templates.
 * @module
 */

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

async function exportOperation(db: Queryable, operation: Operation): Promise<ConfigOperation> {
  let published: ConfigOperation['published'] = false;
  if (operation.latestVersion > 0) {
    const latest = await getOperationVersion(
      db,
      operation.workspace,
      operation.slug,
      operation.latestVersion,
    );
    published = same(latest.definition, operation.draft) ? true : (latest.definition as OperationDefinition);
  }
  return { slug: operation.slug, draft: operation.draft, published };
}

/** The settings of an agent's latest published version, in the draft's shape. */
async function publishedSettings(db: Queryable, agent: Agent): Promise<AgentDefinition> {
  const catalog = await loadAgentVersion(db, agent.workspace, agent.slug, agent.latestVersion);
  return {
    delivery: catalog.delivery,
    sections: catalog.agentSections,
    defaultSearchLimit: catalog.defaultSearchLimit,
    operations: catalog.tools.map((tool) => tool.operation),
    searchSynonyms: catalog.searchSynonyms ?? [],
  };
}

async function exportAgent(db: Queryable, agent: Agent): Promise<ConfigAgent> {
  let published: ConfigAgent['published'] = false;
  if (agent.latestVersion > 0) {
    const settings = await publishedSettings(db, agent);
    published = same(settings, agent.draft) ? true : settings;
  }
  return { slug: agent.slug, draft: agent.draft, published };
}

/**
 * The document of workspace `workspaceSlug`.
 * @throws GatewayError `not_found` for an unknown workspace.
 */
export async function exportWorkspace(db: Queryable, workspaceSlug: string): Promise<ConfigDocument> {
  const sections = await listSections(db, workspaceSlug);
  const hosts = await listUpstreamHosts(db, workspaceSlug);
  const operations: ConfigOperation[] = [];
  for (const operation of await listOperations(db, workspaceSlug)) {
    operations.push(await exportOperation(db, operation));
  }
  const agents: ConfigAgent[] = [];
  for (const agent of await listAgents(db, workspaceSlug)) agents.push(await exportAgent(db, agent));
  return {
    apiVersion: CONFIG_API_VERSION,
    workspace: workspaceSlug,
    sections: sections.map(({ slug, title, description }) => ({ slug, title, description })),
    upstreamHosts: hosts.map(({ hostPattern, allowLoopback, allowPrivate, allowLinkLocal }) => ({
      hostPattern,
      allowLoopback,
      allowPrivate,
      allowLinkLocal,
    })),
    operations,
    agents,
  };
}
