import { isApprovalId } from '../../approvals/approval-id.js';
import {
  APPROVAL_STATUSES,
  type ApprovalRecord,
  type ApprovalStatus,
} from '../../approvals/approval-record.js';
import { getApproval, listApprovals } from '../../approvals/approvals-table.js';
import { getAgent } from '../../catalog/agents-table.js';
import { readChoice } from '../../catalog/field-reader.js';
import { getWorkspace } from '../../catalog/workspaces-table.js';
import { GatewayError, invalidField } from '../../errors/gateway-error.js';
import type { Queryable } from '../../store/database.js';
import { PAGE_PARAMETERS, readPageRequest } from '../pagination.js';
import { checkQuery, queryText } from '../request-input.js';
import { defineRoutes } from '../route.js';

const TAG = 'Approvals';
const LIST_PARAMETERS = [...PAGE_PARAMETERS, 'workspace', 'agent', 'status'] as const;

/**
 * An approval request as operators see it: the record without the lease owner (a worker's
 * name, which says nothing to a person) and without the stored arguments, which no view has;
 * key ids, never key values.
 */
export type ApprovalAdminView = Omit<ApprovalRecord, 'leaseOwner' | 'workspaceId' | 'agentId'>;

function adminView(record: ApprovalRecord): ApprovalAdminView {
  const { leaseOwner: _owner, workspaceId: _workspace, agentId: _agent, ...view } = record;
  return view;
}

function readStatus(value: string | undefined): ApprovalStatus | undefined {
  if (value === undefined) return undefined;
  return readChoice(value, 'status', APPROVAL_STATUSES, 'pending');
}

/** The ids of `workspace` (and `agent`). @throws GatewayError `invalid_field`, `not_found`. */
async function scopeOf(
  db: Queryable,
  workspace: string | undefined,
  agent: string | undefined,
): Promise<{ workspaceId: string; agentId?: string | undefined }> {
  if (workspace === undefined) {
    throw invalidField('workspace', 'is required: approvals are listed per workspace (a slug)');
  }
  const workspaceId = (await getWorkspace(db, workspace)).id;
  return agent === undefined
    ? { workspaceId }
    : { workspaceId, agentId: (await getAgent(db, workspace, agent)).id };
}

/** Human approval requests, for operators: read only (people decide through the approval API). */
export const APPROVAL_ROUTES = defineRoutes([
  {
    method: 'GET',
    path: '/approvals',
    operationId: 'listApprovals',
    summary: "List a workspace's approval requests, newest first (filter by agent and status)",
    tag: TAG,
    responseSchema: 'ApprovalPage',
    successStatuses: [200],
    queryParameters: LIST_PARAMETERS,
    async handle({ db, query }) {
      checkQuery(query, LIST_PARAMETERS);
      const { limit } = readPageRequest(query);
      const status = readStatus(queryText(query, 'status'));
      const scope = await scopeOf(db, queryText(query, 'workspace'), queryText(query, 'agent'));
      const page = await listApprovals(db, { ...scope, status, limit, cursor: queryText(query, 'cursor') });
      return { status: 200, body: { items: page.items.map(adminView), nextCursor: page.nextCursor } };
    },
  },
  {
    method: 'GET',
    path: '/workspaces/{workspace}/agents/{agent}/approvals/{approval}',
    operationId: 'getApproval',
    summary: 'Get one approval request of an agent, with its decision and outcome',
    tag: TAG,
    responseSchema: 'Approval',
    successStatuses: [200],
    async handle({ db, params }) {
      const workspace = params['workspace']!;
      const agent = params['agent']!;
      const id = params['approval']!;
      const scope = await scopeOf(db, workspace, agent);
      const record = isApprovalId(id)
        ? await getApproval(db, { ...scope, agentId: scope.agentId! }, id)
        : undefined;
      if (record === undefined) {
        throw new GatewayError(
          'not_found',
          `approval request '${id}' not found for agent '${agent}' of workspace '${workspace}'`,
        );
      }
      return { status: 200, body: adminView(record) };
    },
  },
]);
