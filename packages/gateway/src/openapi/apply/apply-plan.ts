import { canonicalJson } from '@mcpforge/server';
import { readAgentDefinition } from '../../catalog/agent-definition.js';
import { publishAgent } from '../../catalog/agent-versions-table.js';
import { createAgent, getAgent, updateAgentDraft } from '../../catalog/agents-table.js';
import { type OperationDefinition, readOperationDefinition } from '../../catalog/operation-definition.js';
import { updateOperationDraft } from '../../catalog/operations-table.js';
import { createSection, sectionsOf } from '../../catalog/sections-table.js';
import { readSlug } from '../../catalog/slug.js';
import { putUpstreamHost, upstreamHostsOf } from '../../catalog/upstream-hosts-table.js';
import { createWorkspace, findWorkspace, type Workspace } from '../../catalog/workspaces-table.js';
import { GatewayError } from '../../errors/gateway-error.js';
import type { Database, Queryable, Transaction } from '../../store/database.js';
import type { ImportPlan, PlannedOperation, SkippedOperation } from '../convert/import-plan.js';
import { OpenApiImportError } from '../load/openapi-import-error.js';
import { withReadDefaults } from './draft-defaults.js';
import {
  insertImportedOperations,
  type NewImportedOperation,
  publishImportedOperations,
} from './import-batch.js';
import { type ExistingOperation, existingOperations, lockWorkspaceForImport } from './import-keys.js';
import { agentMetrics, operationsMetrics } from './import-metrics.js';
import type { ImportedAgent, ImportedOperation, ImportReport } from './import-report.js';
import { joinedDatabase } from './joined-transaction.js';

/**
 * Applying an import plan to a workspace, in one transaction: the workspace and missing
 * sections are created, each planned operation becomes one draft (created, or updated in place
 * when an operation imported from the same method and path exists), and only on request are
 * the hosts allow-listed and the operations and the agent published. A failure rolls the whole
 * import back: a workspace is never left half imported. So does an abort (`signal`, Ctrl-C): it
 * is checked between operations, and the import either commits whole or not at all. New
 * operations and publishes are written a few statements per import (`import-batch.ts`).
 * @module
 */

/** Where the import is in its work, for a progress line or bar. */
export interface ImportProgress {
  phase: 'operations' | 'publish';
  done: number;
  total: number;
}

/** What {@link applyImportPlan} does besides writing drafts. */
export interface ApplyOptions {
  /** Workspace slug; created when missing. */
  workspace: string;
  /** Agent slug whose draft lists the imported operations (created when missing). */
  agent?: string | undefined;
  /** Publish the imported operations (and the agent). Default false: drafts only. */
  publish?: boolean | undefined;
  /** Add the plan's hosts to the workspace's upstream allow-list. Default false. */
  allowHost?: boolean | undefined;
  onProgress?: ((progress: ImportProgress) => void) | undefined;
  /** Aborts the import before it commits: nothing of it is kept, and the promise rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
}

/** Progress is reported at most this often (operations), plus at the end of each phase. */
const PROGRESS_EVERY = 50;

function progress(options: ApplyOptions, phase: ImportProgress['phase'], done: number, total: number): void {
  if (options.onProgress !== undefined && (done % PROGRESS_EVERY === 0 || done === total)) {
    options.onProgress({ phase, done, total });
  }
}

function skip(planned: PlannedOperation, reason: string): SkippedOperation {
  const skipped: SkippedOperation = { key: planned.key, reason };
  if (planned.operationId !== undefined) skipped.operationId = planned.operationId;
  return skipped;
}

function imported(
  planned: PlannedOperation,
  slug: string,
  definition: OperationDefinition,
  status: ImportedOperation['status'],
): ImportedOperation {
  const entry: ImportedOperation = { key: planned.key, slug, tool: definition.name, status };
  if (planned.operationId !== undefined) entry.operationId = planned.operationId;
  return entry;
}

interface Upserted {
  operations: ImportedOperation[];
  definitions: OperationDefinition[];
  skipped: SkippedOperation[];
}

/**
 * The re-import of an operation: its draft is replaced only when it differs. The planned draft
 * is compared with the read defaults filled first (no schema compile when nothing changed),
 * then as the gateway reads it.
 * @throws GatewayError `invalid_field` for a draft the gateway refuses (before any statement).
 */
async function updateIfChanged(
  tx: Transaction,
  workspace: Workspace,
  planned: PlannedOperation,
  match: ExistingOperation,
  result: Upserted,
): Promise<ImportedOperation> {
  const stored = canonicalJson(match.draft);
  let definition = match.draft;
  let status: ImportedOperation['status'] = 'unchanged';
  if (canonicalJson(withReadDefaults(planned.draft)) !== stored) {
    const normalised = readOperationDefinition(planned.draft, 'draft');
    if (canonicalJson(normalised) !== stored) {
      definition = (await updateOperationDraft(tx, workspace.slug, match.slug, normalised)).draft;
      status = 'updated';
    }
  }
  result.definitions.push(definition);
  return imported(planned, match.slug, definition, status);
}

/** One draft per planned operation: matched by import key first, never by slug alone. */
async function upsertOperations(
  tx: Transaction,
  workspace: Workspace,
  plan: ImportPlan,
  options: ApplyOptions,
): Promise<Upserted> {
  const existing = await existingOperations(tx, workspace.id);
  const byKey = new Map<string, ExistingOperation>();
  const bySlug = new Map<string, ExistingOperation>();
  for (const operation of existing) {
    if (operation.importKey !== null) byKey.set(operation.importKey, operation);
    bySlug.set(operation.slug, operation);
  }
  const result: Upserted = { operations: [], definitions: [], skipped: [] };
  const created: NewImportedOperation[] = [];
  const total = plan.operations.length;
  for (const [index, planned] of plan.operations.entries()) {
    progress(options, 'operations', index, total);
    options.signal?.throwIfAborted();
    try {
      const match = byKey.get(planned.key);
      if (match?.archived === true) {
        result.skipped.push(
          skip(planned, `operation '${match.slug}' was archived: it is not imported again`),
        );
        continue;
      }
      if (match !== undefined) {
        result.operations.push(await updateIfChanged(tx, workspace, planned, match, result));
        continue;
      }
      const taken = bySlug.get(planned.slug);
      if (taken !== undefined) {
        const owner =
          taken.importKey === null ? 'an operation made by hand' : `the import of ${taken.importKey}`;
        result.skipped.push(
          skip(
            planned,
            `slug '${planned.slug}' is taken by ${owner}: rename or archive that operation, or set x-mcpforge-tool-name on the API operation`,
          ),
        );
        continue;
      }
      // createOperation's checks; the rows are inserted together after the loop.
      const slug = readSlug(planned.slug, 'slug');
      const draft = readOperationDefinition(planned.draft, 'draft');
      created.push({ slug, draft, importKey: planned.key });
      bySlug.set(slug, { id: '', slug, draft, importKey: planned.key, archived: false });
      result.operations.push(imported(planned, slug, draft, 'created'));
      result.definitions.push(draft);
    } catch (error) {
      // The draft is read before any statement runs, so its refusal leaves the transaction
      // usable: say which draft was refused and why, and import the others.
      if (!(error instanceof GatewayError && error.code === 'invalid_field')) throw error;
      result.skipped.push(skip(planned, `the gateway refused the converted draft: ${error.message}`));
    }
  }
  options.signal?.throwIfAborted();
  await insertImportedOperations(tx, workspace.id, created);
  progress(options, 'operations', total, total);
  return result;
}

async function createMissingSections(
  tx: Queryable,
  workspace: Workspace,
  plan: ImportPlan,
): Promise<string[]> {
  const present = new Set((await sectionsOf(tx, workspace.id)).map((section) => section.slug));
  const created: string[] = [];
  for (const section of plan.sections) {
    if (present.has(section.slug)) continue;
    await createSection(tx, workspace.slug, section);
    present.add(section.slug);
    created.push(section.slug);
  }
  return created;
}

async function allowHosts(tx: Queryable, workspace: Workspace, hosts: string[]): Promise<string[]> {
  const present = new Set((await upstreamHostsOf(tx, workspace.id)).map((host) => host.hostPattern));
  const added: string[] = [];
  for (const host of hosts) {
    const entry = await putUpstreamHost(tx, workspace.slug, { hostPattern: host });
    if (!present.has(entry.hostPattern)) added.push(entry.hostPattern);
    present.add(entry.hostPattern);
  }
  return added;
}

/** The agent's draft with the imported operations appended (those it lists already keep their place). */
async function exposeOnAgent(
  tx: Transaction,
  workspace: Workspace,
  slug: string,
  operations: ImportedOperation[],
): Promise<ImportedAgent> {
  let created = false;
  let agent = await getAgent(tx, workspace.slug, slug).catch((error: unknown) => {
    if (error instanceof GatewayError && error.code === 'not_found') return undefined;
    throw error;
  });
  if (agent === undefined) {
    agent = await createAgent(tx, workspace.slug, { slug });
    created = true;
  }
  const listed = new Set(agent.draft.operations);
  const draft = {
    ...agent.draft,
    operations: [...agent.draft.operations, ...operations.map((o) => o.slug).filter((s) => !listed.has(s))],
  };
  // Checked before the update so a too-long list is this import's error, not a failed statement.
  readAgentDefinition(draft, 'draft');
  if (canonicalJson(draft) !== canonicalJson(agent.draft)) {
    await updateAgentDraft(tx, workspace.slug, slug, draft);
  }
  return { slug, created, operations: draft.operations.length };
}

async function publishAll(
  tx: Transaction,
  workspace: Workspace,
  upserted: Upserted,
  options: ApplyOptions,
): Promise<void> {
  const total = upserted.operations.length;
  progress(options, 'publish', 0, total);
  options.signal?.throwIfAborted();
  let versions: Map<string, number>;
  try {
    versions = await publishImportedOperations(
      tx,
      workspace,
      upserted.operations.map((operation) => operation.slug),
    );
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'upstream_not_allowed') {
      throw new OpenApiImportError('import_conflict', error.message, { cause: error });
    }
    throw error;
  }
  for (const operation of upserted.operations) {
    const version = versions.get(operation.slug);
    if (version !== undefined) operation.publishedVersion = version;
  }
  progress(options, 'publish', total, total);
}

/**
 * Applies `plan` to the workspace `options.workspace` of `db` in one transaction and reports
 * what happened to each operation.
 * @throws GatewayError from the catalog (e.g. `upstream_not_allowed` when publishing operations
 *   whose host is not allow-listed, `invalid_field` for an agent that would list too many),
 *   OpenApiImportError `import_conflict`.
 */
export async function applyImportPlan(
  db: Database,
  plan: ImportPlan,
  options: ApplyOptions,
): Promise<ImportReport> {
  return db.transaction(async (tx) => {
    const joined = joinedDatabase(tx, db.kind);
    let workspace = await findWorkspace(tx, options.workspace);
    const workspaceCreated = workspace === undefined;
    workspace ??= await createWorkspace(tx, { slug: options.workspace });
    await lockWorkspaceForImport(tx, workspace.id);
    const sectionsCreated = await createMissingSections(tx, workspace, plan);
    const hostsAdded = options.allowHost === true ? await allowHosts(tx, workspace, plan.hosts) : [];
    const upserted = await upsertOperations(tx, workspace, plan, options);
    if (options.publish === true) await publishAll(tx, workspace, upserted, options);
    let agent: ImportedAgent | undefined;
    let metrics = operationsMetrics(workspace.slug, upserted.definitions);
    if (options.agent !== undefined) {
      agent = await exposeOnAgent(tx, workspace, options.agent, upserted.operations);
      if (options.publish === true) {
        options.signal?.throwIfAborted();
        const published = await publishAgent(joined, workspace.slug, options.agent);
        agent.publishedVersion = published.catalog.agentVersion;
        metrics = agentMetrics(published.catalog);
      }
    }
    const skipped = [...plan.skipped, ...upserted.skipped];
    const count = (status: ImportedOperation['status']) =>
      upserted.operations.filter((operation) => operation.status === status).length;
    const report: ImportReport = {
      workspace: workspace.slug,
      workspaceCreated,
      operations: upserted.operations,
      skipped,
      warnings: plan.warnings,
      secrets: plan.secrets,
      sectionsCreated,
      hosts: plan.hosts,
      hostsAdded,
      counts: {
        created: count('created'),
        updated: count('updated'),
        unchanged: count('unchanged'),
        skipped: skipped.length,
        warnings: plan.warnings.length,
      },
      published: options.publish === true,
      metrics,
    };
    if (agent !== undefined) report.agent = agent;
    // The last moment to stop: past it the import commits whole.
    options.signal?.throwIfAborted();
    return report;
  });
}
