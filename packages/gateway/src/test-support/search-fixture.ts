import { invoiceDraft } from '../approvals/approval-fixture.js';
import { publishAgent } from '../catalog/agent-versions-table.js';
import { createAgent } from '../catalog/agents-table.js';
import { publishOperation } from '../catalog/operation-versions-table.js';
import { createOperation } from '../catalog/operations-table.js';
import { createSection } from '../catalog/sections-table.js';
import { putUpstreamHost } from '../catalog/upstream-hosts-table.js';
import { createKey } from '../keys/api-keys-table.js';
import type { Database } from '../store/database.js';
import { frankfurterDraft, seedWorkspace, uniqueSlug } from './catalog-fixtures.js';
import type { TestUpstream } from './upstream-server.js';

/**
 * For search-mode tests: one workspace with sections and a few operations against a test
 * upstream, published twice: as a search-mode agent and as a direct-mode twin, each with its
 * `mcp_client` key, so a test compares a `call_tool` with the direct `tools/call` it stands for.
 * @module
 */

/** Reports that all match "report": more than the default limit of 8. */
export const REPORT_TOOLS = Array.from({ length: 10 }, (_, i) => `monthly_report_${i + 1}`);

/** The only tool of the `archive` section; it matches "exchange rate" worse than the rates tool. */
export const ARCHIVE_TOOL = 'download_archive';

/** A tool with side effects and a path argument: answers probes. */
export const DELETE_TOOL = 'delete_contact';

export interface SeededSearchAgents {
  workspace: string;
  /** The search-mode agent, its endpoint path and key. */
  search: { agent: string; path: string; key: string; keyId: string };
  /** The direct-mode twin with the same operations. */
  direct: { agent: string; path: string; key: string; keyId: string };
  /** Operation slugs in agent order. */
  operations: string[];
}

function boundTo(upstream: TestUpstream, draft: Record<string, unknown>): Record<string, unknown> {
  return { ...draft, binding: { ...(draft['binding'] as object), baseUrl: upstream.origin } };
}

function drafts(upstream: TestUpstream): Record<string, Record<string, unknown>> {
  const get = (path: string) => ({ method: 'GET', baseUrl: upstream.origin, path, arguments: {} });
  const all: Record<string, Record<string, unknown>> = {
    'latest-rate': boundTo(upstream, frankfurterDraft()),
    'create-invoice': { ...invoiceDraft(upstream), sections: ['billing'] },
    'delete-contact': {
      name: DELETE_TOOL,
      title: 'Delete a contact',
      description: 'Deletes one contact of the address book by its id.',
      sections: ['crm'],
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'string', minLength: 1 } },
        required: ['id'],
        additionalProperties: false,
      },
      annotations: { destructiveHint: true },
      binding: {
        method: 'DELETE',
        baseUrl: upstream.origin,
        path: '/contacts/{id}',
        arguments: { id: { in: 'path' } },
      },
    },
    'download-archive': {
      name: ARCHIVE_TOOL,
      description: 'Downloads an old table as CSV (for instance a past exchange rate).',
      sections: ['archive'],
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      annotations: { readOnlyHint: true },
      binding: get('/archive'),
    },
  };
  REPORT_TOOLS.forEach((name, i) => {
    all[`report-${i + 1}`] = {
      name,
      description: `Monthly sales report number ${i + 1}.`,
      sections: ['reports'],
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      annotations: { readOnlyHint: true },
      binding: get(`/reports/${i + 1}`),
    };
  });
  return all;
}

/** Seeds the workspace, both agents and their keys. */
export async function seedSearchAgents(db: Database, upstream: TestUpstream): Promise<SeededSearchAgents> {
  const workspace = await seedWorkspace(db, 'search');
  await putUpstreamHost(db, workspace, { hostPattern: `127.0.0.1:${upstream.port}`, allowLoopback: true });
  const sections = {
    billing: ['Billing', 'Invoices and payments of customers.'],
    crm: ['Contacts', 'The address book: people and companies.'],
    archive: ['Archive', 'Old documents kept for reference.'],
    reports: ['Reports', 'Periodic business reports.'],
  };
  for (const [slug, [title, description]] of Object.entries(sections))
    await createSection(db, workspace, { slug, title: title!, description });
  const operations: string[] = [];
  for (const [slug, draft] of Object.entries(drafts(upstream))) {
    await createOperation(db, workspace, { slug, draft });
    await publishOperation(db, workspace, slug);
    operations.push(slug);
  }
  const agentOf = async (delivery: 'search' | 'direct') => {
    const agent = uniqueSlug(delivery);
    await createAgent(db, workspace, {
      slug: agent,
      draft: { delivery, sections: ['rates', ...Object.keys(sections)], operations },
    });
    await publishAgent(db, workspace, agent);
    const key = await createKey(db, { type: 'mcp_client', name: delivery, workspace, agent });
    return { agent, path: `/mcp/v1/${workspace}/${agent}`, key: key.value, keyId: key.key.id };
  };
  return { workspace, search: await agentOf('search'), direct: await agentOf('direct'), operations };
}
