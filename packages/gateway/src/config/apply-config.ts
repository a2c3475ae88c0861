import { canonicalJson } from '@mcpforge/server';
import { publishAgent } from '../catalog/agent-versions-table.js';
import { archiveAgent, createAgent, listAgents, updateAgentDraft } from '../catalog/agents-table.js';
import { publishOperation } from '../catalog/operation-versions-table.js';
import {
  archiveOperation,
  createOperation,
  listOperations,
  updateOperationDraft,
} from '../catalog/operations-table.js';
import { createSection, listSections, updateSection } from '../catalog/sections-table.js';
import { putUpstreamHost, removeUpstreamHost } from '../catalog/upstream-hosts-table.js';
import { createWorkspace, findWorkspace } from '../catalog/workspaces-table.js';
import { GatewayError } from '../errors/gateway-error.js';
import { joinedDatabase } from '../openapi/apply/joined-transaction.js';
import type { Database } from '../store/database.js';
import type { ConfigAgent, ConfigDocument, ConfigOperation } from './config-document.js';
import { type ConfigPlan, planOf } from './config-plan.js';
import { exportWorkspace } from './export-config.js';

/**
 * Makes a workspace match a configuration document, in one transaction: the workspace is
 * created when missing; sections are created or updated; the allow-list gets the document's
 * entries and no others (before anything is published, so publishing checks the document's
 * list); operations and agents are created, their drafts set, and published as the document
 * says; those missing from the document are archived. Applying the
 * same document again changes nothing. A dry run does all of it and rolls back, so its plan is
 * exactly what an apply would do (the same checks, the same refusals).
 * @module
 */

export interface ApplyConfigOptions {
  /** Roll back at the end: the plan says what would change. */
  dryRun?: boolean | undefined;
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/** Rolls a dry run back, carrying its plan out of the transaction. */
class DryRunDone {
  constructor(readonly plan: ConfigPlan) {}
}

/** A catalog refusal, said about the entry of the document it came from (`operations[3]`). */
function at(path: string, slug: string, error: unknown): unknown {
  if (!(error instanceof GatewayError)) return error;
  const field = error.field === undefined ? path : `${path}.${error.field}`;
  return new GatewayError(error.code, `${path} ('${slug}'): ${error.message}`, { field, cause: error });
}

async function step<T>(path: string, slug: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw at(path, slug, error);
  }
}

interface Drafted<D> {
  slug: string;
  draft: D;
  latestVersion: number;
  archivedAt: Date | null;
}

/** The catalog functions of one table, for {@link applyDrafted}. */
interface DraftedOps<D> {
  kind: 'operation' | 'agent';
  list: 'operations' | 'agents';
  create(slug: string, draft: D): Promise<unknown>;
  update(slug: string, draft: D): Promise<unknown>;
  publish(slug: string): Promise<{ created: boolean; version: number }>;
  archive(slug: string): Promise<unknown>;
}

/**
 * One operation or agent: created or its draft set; published as `entry.published` says (a
 * published definition other than the draft is published first, then the draft set back).
 */
async function applyDrafted<D>(
  ops: DraftedOps<D>,
  entry: { slug: string; draft: D; published: boolean | D },
  index: number,
  existing: Drafted<D> | undefined,
  current: { published: boolean | D } | undefined,
  published: Map<string, number>,
): Promise<void> {
  const path = `${ops.list}[${index}]`;
  await step(path, entry.slug, async () => {
    if (existing !== undefined && existing.archivedAt !== null) {
      throw new GatewayError(
        'archived',
        `${ops.kind} '${entry.slug}' is archived in the workspace and cannot come back: give it another slug`,
        { field: 'slug' },
      );
    }
    const target = entry.published;
    const first = typeof target === 'object' ? target : entry.draft;
    // A published definition equal to the latest version's needs no publish (and no draft swap).
    const publish =
      target !== false &&
      !(typeof target === 'object' && current !== undefined && same(current.published, target));
    let draft: D;
    if (existing === undefined) {
      await ops.create(entry.slug, first);
      draft = first;
    } else if (publish && !same(existing.draft, first)) {
      await ops.update(entry.slug, first);
      draft = first;
    } else {
      draft = existing.draft;
    }
    if (publish) {
      const made = await ops.publish(entry.slug);
      if (made.created) published.set(`${ops.kind}/${entry.slug}`, made.version);
    }
    if (!same(draft, entry.draft)) await ops.update(entry.slug, entry.draft);
  });
}

/** Applies `document` inside the open transaction of `db` (a joined database). */
async function applyInside(db: Database, document: ConfigDocument, dryRun: boolean): Promise<ConfigPlan> {
  const slug = document.workspace;
  const workspace = await findWorkspace(db, slug);
  const before = workspace === undefined ? undefined : await exportWorkspace(db, slug);
  if (workspace === undefined) await createWorkspace(db, { slug });
  else await db.query('SELECT id FROM workspaces WHERE id = $1 FOR UPDATE', [workspace.id]);
  const warnings: string[] = [];
  const published = new Map<string, number>();

  const sections = new Map((await listSections(db, slug)).map((section) => [section.slug, section]));
  for (const [index, section] of document.sections.entries()) {
    await step(`sections[${index}]`, section.slug, async () => {
      const found = sections.get(section.slug);
      if (found === undefined) await createSection(db, slug, section);
      else if (found.title !== section.title || found.description !== section.description) {
        await updateSection(db, slug, section.slug, {
          title: section.title,
          description: section.description,
        });
      }
    });
  }
  const listed = new Set(document.sections.map((section) => section.slug));
  for (const kept of [...sections.keys()].filter((name) => !listed.has(name))) {
    warnings.push(`section '${kept}' is not in the document: sections cannot be removed, so it stays`);
  }

  const hosts = new Map((before?.upstreamHosts ?? []).map((host) => [host.hostPattern, host]));
  for (const [index, host] of document.upstreamHosts.entries()) {
    if (same(hosts.get(host.hostPattern), host)) continue;
    await step(`upstreamHosts[${index}]`, host.hostPattern, () => putUpstreamHost(db, slug, host));
  }

  // Before publishing: what is published is checked against the document's allow-list.
  const wanted = new Set(document.upstreamHosts.map((host) => host.hostPattern));
  for (const host of before?.upstreamHosts ?? []) {
    if (!wanted.has(host.hostPattern)) await removeUpstreamHost(db, slug, host.hostPattern);
  }

  const operationRows = new Map(
    (await listOperations(db, slug, { includeArchived: true })).map((o) => [o.slug, o]),
  );
  const currentOperations = new Map((before?.operations ?? []).map((o) => [o.slug, o]));
  const operationOps: DraftedOps<ConfigOperation['draft']> = {
    kind: 'operation',
    list: 'operations',
    create: (name, draft) => createOperation(db, slug, { slug: name, draft }),
    update: (name, draft) => updateOperationDraft(db, slug, name, draft),
    publish: async (name) => {
      const made = await publishOperation(db, slug, name);
      return { created: made.created, version: made.version.version };
    },
    archive: (name) => archiveOperation(db, slug, name),
  };
  for (const [index, entry] of document.operations.entries()) {
    const existing = operationRows.get(entry.slug);
    await applyDrafted(operationOps, entry, index, existing, currentOperations.get(entry.slug), published);
  }
  const keepOperations = new Set(document.operations.map((o) => o.slug));
  for (const operation of before?.operations ?? []) {
    if (!keepOperations.has(operation.slug)) await operationOps.archive(operation.slug);
  }

  const agentRows = new Map((await listAgents(db, slug, { includeArchived: true })).map((a) => [a.slug, a]));
  const currentAgents = new Map((before?.agents ?? []).map((a) => [a.slug, a]));
  const agentOps: DraftedOps<ConfigAgent['draft']> = {
    kind: 'agent',
    list: 'agents',
    create: (name, draft) => createAgent(db, slug, { slug: name, draft }),
    update: (name, draft) => updateAgentDraft(db, slug, name, draft),
    publish: async (name) => {
      const made = await publishAgent(db, slug, name);
      return { created: made.created, version: made.catalog.agentVersion };
    },
    archive: (name) => archiveAgent(db, slug, name),
  };
  for (const [index, entry] of document.agents.entries()) {
    await applyDrafted(
      agentOps,
      entry,
      index,
      agentRows.get(entry.slug),
      currentAgents.get(entry.slug),
      published,
    );
  }
  const keepAgents = new Set(document.agents.map((a) => a.slug));
  for (const agent of before?.agents ?? []) {
    if (!keepAgents.has(agent.slug)) await agentOps.archive(agent.slug);
  }

  const after = await exportWorkspace(db, slug);
  return planOf(before, after, published, { applied: !dryRun, warnings });
}

/**
 * Applies `document` (read by `readConfigDocument`) to its workspace in one transaction, or
 * with `dryRun` computes the same plan and rolls back.
 * @throws GatewayError naming the document's path for anything the catalog refuses (nothing is
 *   changed then).
 */
export async function applyConfig(
  db: Database,
  document: ConfigDocument,
  options: ApplyConfigOptions = {},
): Promise<ConfigPlan> {
  const dryRun = options.dryRun === true;
  try {
    return await db.transaction(async (tx) => {
      const plan = await applyInside(joinedDatabase(tx, db.kind), document, dryRun);
      if (dryRun) throw new DryRunDone(plan);
      return plan;
    });
  } catch (error) {
    if (error instanceof DryRunDone) return error.plan;
    throw error;
  }
}
