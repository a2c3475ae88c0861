import { randomBytes } from 'node:crypto';
import { publishAgent } from '../catalog/agent-versions-table.js';
import { createAgent } from '../catalog/agents-table.js';
import { publishOperation } from '../catalog/operation-versions-table.js';
import { createOperation } from '../catalog/operations-table.js';
import { putUpstreamHost, upstreamHostsOf } from '../catalog/upstream-hosts-table.js';
import { createWorkspace } from '../catalog/workspaces-table.js';
import { createExecutor, type Executor } from '../execute/executor.js';
import { createKey } from '../keys/api-keys-table.js';
import type { Database } from '../store/database.js';
import type { ApprovalRequestInput } from './approval-service.js';

/**
 * For approval tests (of this folder and of the HTTP and MCP surfaces): an agent `sales`-like
 * workspace whose `create_invoice` operation (a POST with an `Idempotency-Key` header) needs a
 * person's approval, bound to a test upstream, with an `mcp_client` and an `approval` key.
 * @module
 */

/** Where the test upstream listens (a `TestUpstream` of test-support fits; this module may not import it). */
export interface UpstreamAddress {
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  port: number;
}

function uniqueSlug(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/** Everything a test needs to request, decide and execute. */
export interface SeededApprovalAgent {
  workspace: string;
  agent: string;
  workspaceId: string;
  agentId: string;
  agentVersionId: string;
  operationVersionId: string;
  tool: string;
  /** `mcp_client` key: value and id. */
  clientKey: string;
  clientKeyId: string;
  /** `approval` key of the workspace: value and id. */
  approvalKey: string;
  approvalKeyId: string;
}

/** The tool of the seeded operation. */
export const INVOICE_TOOL = 'create_invoice';

/** The seeded operation's draft: `POST /invoices` with the arguments in the JSON body. */
export function invoiceDraft(
  upstream: UpstreamAddress,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    name: INVOICE_TOOL,
    description: 'Creates an invoice for a customer (needs a person to approve it).',
    inputSchema: {
      type: 'object',
      properties: {
        customer: { type: 'string' },
        amount: { type: 'number' },
        details: { type: 'object' },
      },
      required: ['customer', 'amount'],
    },
    binding: {
      method: 'POST',
      baseUrl: upstream.origin,
      path: '/invoices',
      arguments: { customer: { in: 'body' }, amount: { in: 'body' }, details: { in: 'body' } },
      idempotency: { header: 'Idempotency-Key' },
    },
    approval: 'required',
    ...overrides,
  };
}

/** Publishes the invoice operation against `upstream` in a new workspace, an agent with it, and both keys. */
export async function seedApprovalAgent(
  db: Database,
  upstream: UpstreamAddress,
): Promise<SeededApprovalAgent> {
  const { slug: workspace } = await createWorkspace(db, { slug: uniqueSlug('appr') });
  await putUpstreamHost(db, workspace, { hostPattern: `127.0.0.1:${upstream.port}`, allowLoopback: true });
  await createOperation(db, workspace, { slug: 'create-invoice', draft: invoiceDraft(upstream) });
  await publishOperation(db, workspace, 'create-invoice');
  const agent = uniqueSlug('sales');
  await createAgent(db, workspace, { slug: agent, draft: { operations: ['create-invoice'] } });
  await publishAgent(db, workspace, agent);
  const client = await createKey(db, { type: 'mcp_client', name: 'agent', workspace, agent });
  const approval = await createKey(db, { type: 'approval', name: 'front end', workspace });
  const { rows } = await db.query<{
    workspace_id: string;
    agent_id: string;
    agent_version_id: string;
    operation_version_id: string;
  }>(
    `SELECT w.id AS workspace_id, a.id AS agent_id, av.id AS agent_version_id,
            t.operation_version_id
     FROM workspaces w JOIN agents a ON a.workspace_id = w.id
     JOIN agent_versions av ON av.agent_id = a.id AND av.version = a.latest_version
     JOIN agent_version_tools t ON t.agent_version_id = av.id
     WHERE w.slug = $1 AND a.slug = $2`,
    [workspace, agent],
  );
  const ids = rows[0]!;
  return {
    workspace,
    agent,
    workspaceId: ids.workspace_id,
    agentId: ids.agent_id,
    agentVersionId: ids.agent_version_id,
    operationVersionId: ids.operation_version_id,
    tool: INVOICE_TOOL,
    clientKey: client.value,
    clientKeyId: client.key.id,
    approvalKey: approval.value,
    approvalKeyId: approval.key.id,
  };
}

/** A `request` input for the seeded agent with `args`. */
export function requestInput(
  seeded: SeededApprovalAgent,
  args: Record<string, unknown>,
): ApprovalRequestInput {
  return {
    workspaceId: seeded.workspaceId,
    agentId: seeded.agentId,
    agentVersionId: seeded.agentVersionId,
    operationVersionId: seeded.operationVersionId,
    tool: seeded.tool,
    arguments: args,
    keyId: seeded.clientKeyId,
    requestId: crypto.randomUUID(),
    traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
  };
}

/** An executor allowed to reach the test upstream (through the workspace's allow-list in the database). */
export function testExecutor(db: Database): Executor {
  return createExecutor({
    allowList: (workspaceId) => upstreamHostsOf(db, workspaceId),
  });
}
