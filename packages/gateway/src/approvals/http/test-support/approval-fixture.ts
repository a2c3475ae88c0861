import { randomBytes } from 'node:crypto';
import { publishAgent } from '../../../catalog/agent-versions-table.js';
import { createAgent } from '../../../catalog/agents-table.js';
import { publishOperation } from '../../../catalog/operation-versions-table.js';
import { createOperation } from '../../../catalog/operations-table.js';
import { loadPublishedCatalog } from '../../../catalog/published-catalog.js';
import { putUpstreamHost } from '../../../catalog/upstream-hosts-table.js';
import { getWorkspace } from '../../../catalog/workspaces-table.js';
import { newRequestId, newTraceId } from '../../../http/trace-context.js';
import { createKey } from '../../../keys/api-keys-table.js';
import type { Database } from '../../../store/database.js';
import { seedWorkspace, uniqueSlug } from '../../../test-support/catalog-fixtures.js';
import type { TestUpstream } from '../../../test-support/upstream-server.js';
import type { ApprovalRecord } from '../../approval-record.js';
import type { ApprovalService } from '../../approval-service.js';

/**
 * The seed's `sales` agent for approval API tests: a side-effecting `create_order` (a POST
 * with a JSON body on a test upstream) that needs a person's approval, and its keys.
 * @module
 */

/** The tool that needs approval. */
export const ORDER_TOOL = 'create_order';

/** A seeded approval agent: slugs, ids for the service, and key values by role. */
export interface ApprovalAgent {
  workspace: string;
  agent: string;
  workspaceId: string;
  agentId: string;
  agentVersionId: string;
  operationVersionId: string;
  /** `{prefix}/v1/{workspace}/{agent}/approvals`. */
  approvalsPath: string;
  /** `mcp_client` key of the agent. */
  clientKey: string;
  clientKeyId: string;
  /** `approval` key bound to this agent. */
  approvalKey: string;
  /** `approval` key of the whole workspace. */
  workspaceApprovalKey: string;
}

/** `create_order`: `POST /orders` with `{ amount, currency, card_token? }` as its JSON body. */
export function orderDraft(baseUrl: string): Record<string, unknown> {
  return {
    name: ORDER_TOOL,
    title: 'Create an order',
    description: 'Creates an order for a customer. A person approves it first.',
    inputSchema: {
      type: 'object',
      properties: {
        amount: { type: 'integer', minimum: 1 },
        currency: { type: 'string', pattern: '^[A-Z]{3}$' },
        card_token: { type: 'string' },
      },
      required: ['amount', 'currency'],
      additionalProperties: false,
    },
    annotations: { destructiveHint: false, idempotentHint: false },
    binding: {
      method: 'POST',
      baseUrl,
      path: '/orders',
      arguments: {
        amount: { in: 'body' },
        currency: { in: 'body' },
        card_token: { in: 'body' },
      },
    },
    approval: 'required',
  };
}

/** Publishes `create_order` against `upstream` in a new workspace, an agent serving it, and keys. */
export async function seedApprovalAgent(
  db: Database,
  upstream: TestUpstream,
  prefix = '/mcp',
): Promise<ApprovalAgent> {
  const workspace = await seedWorkspace(db, 'apr');
  await putUpstreamHost(db, workspace, { hostPattern: `127.0.0.1:${upstream.port}`, allowLoopback: true });
  await createOperation(db, workspace, { slug: 'create-order', draft: orderDraft(upstream.origin) });
  await publishOperation(db, workspace, 'create-order');
  const agent = uniqueSlug('sales');
  await createAgent(db, workspace, { slug: agent, draft: { operations: ['create-order'] } });
  await publishAgent(db, workspace, agent);
  const catalog = await loadPublishedCatalog(db, workspace, agent);
  const client = await createKey(db, { type: 'mcp_client', name: 'sales client', workspace, agent });
  const bound = await createKey(db, { type: 'approval', name: 'sales approvals', workspace, agent });
  const wide = await createKey(db, { type: 'approval', name: 'workspace approvals', workspace });
  return {
    workspace,
    agent,
    workspaceId: (await getWorkspace(db, workspace)).id,
    agentId: catalog.agentId,
    agentVersionId: catalog.agentVersionId,
    operationVersionId: catalog.tools[0]!.operationVersionId,
    approvalsPath: `${prefix}/v1/${workspace}/${agent}/approvals`,
    clientKey: client.value,
    clientKeyId: client.key.id,
    approvalKey: bound.value,
    workspaceApprovalKey: wide.value,
  };
}

/** A pending request for `create_order` with `args`, as a `tools/call` of the agent's client makes it. */
export async function requestOrder(
  approvals: ApprovalService,
  seeded: ApprovalAgent,
  args: Record<string, unknown> = {
    amount: 1 + (randomBytes(4).readUInt32BE() % 1_000_000),
    currency: 'EUR',
  },
): Promise<ApprovalRecord> {
  const { record } = await approvals.request({
    workspaceId: seeded.workspaceId,
    agentId: seeded.agentId,
    agentVersionId: seeded.agentVersionId,
    operationVersionId: seeded.operationVersionId,
    tool: ORDER_TOOL,
    arguments: args,
    keyId: seeded.clientKeyId,
    requestId: newRequestId(),
    traceId: newTraceId(),
  });
  return record;
}

/** Requests the upstream received on `POST /orders`. */
export function orderPosts(upstream: TestUpstream): number {
  return upstream.requests.filter((request) => request.method === 'POST' && request.url === '/orders').length;
}
