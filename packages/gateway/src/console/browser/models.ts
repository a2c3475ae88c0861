/**
 * The shapes of the API answers the console reads (only the fields it shows), and one view of an
 * approval request over both APIs: the admin API writes camelCase, the approval API snake_case.
 * @module
 */

export interface Workspace {
  slug: string;
  createdAt: string;
}

export interface Section {
  slug: string;
  title: string;
  description?: string;
}

export interface UpstreamHost {
  hostPattern: string;
  allowLoopback: boolean;
  allowPrivate: boolean;
  allowLinkLocal: boolean;
}

/** An operation's draft as stored (unknown fields are kept and sent back untouched). */
export interface OperationDraft {
  name: string;
  title?: string;
  description: string;
  sections: string[];
  inputSchema: unknown;
  binding: {
    method: string;
    baseUrl: string;
    path: string;
    arguments: Record<string, unknown>;
    timeoutMs?: number;
    [other: string]: unknown;
  };
  approval: 'none' | 'required';
  [other: string]: unknown;
}

export interface Operation {
  slug: string;
  draft: OperationDraft;
  draftRevision: number;
  latestVersion: number;
  updatedAt: string;
  archivedAt: string | null;
}

export interface OperationVersion {
  version: number;
  definition: OperationDraft;
  publishedAt: string;
}

export interface AgentDraft {
  delivery: 'direct' | 'search';
  sections: string[];
  defaultSearchLimit: number;
  operations: string[];
  [other: string]: unknown;
}

export interface Agent {
  slug: string;
  draft: AgentDraft;
  draftRevision: number;
  latestVersion: number;
  archivedAt: string | null;
}

export interface CatalogMetrics {
  delivery: 'direct' | 'search';
  toolCount: number;
  catalogBytes: number;
  estimatedTokens: number;
  largestTool: string | null;
  largestToolBytes: number;
  toolsListBytes: number;
  recommendedMaxTools: number;
  exceedsRecommendation: boolean;
  qualityWarnings: number;
}

export interface AgentVersionSummary {
  version: number;
  revision: string;
  publishedAt: string;
  tools: { operation: string; operationVersion: number; name: string }[];
  metrics: CatalogMetrics;
}

export interface CatalogWarning {
  code: string;
  tool?: string;
  message: string;
}

export interface AgentVersion {
  agentVersion: number;
  revision: string;
  metrics: CatalogMetrics;
  warnings: CatalogWarning[];
}

export type KeyType = 'admin' | 'mcp_client' | 'approval';

export interface ApiKey {
  id: string;
  type: KeyType;
  name: string;
  workspace: string | null;
  agent: string | null;
  allowedOrigins: string[];
  displayPrefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface Invocation {
  id: string;
  keyId: string;
  workspace: string;
  agent: string;
  operation: string | null;
  operationVersion: number | null;
  tool: string | null;
  era: string;
  calledAt: string;
  requestId: string;
  traceId: string;
  outcome: string;
  errorCode: string | null;
  durationMs: number;
}

export interface FirstCall {
  keyId: string;
  state: 'confirmed' | 'actionable';
  reason?: string;
  invocation?: Invocation;
}

/** An approval request, whichever API it came from. */
export interface Approval {
  id: string;
  workspace: string;
  agent: string;
  tool: string;
  status: string;
  payloadPreview: unknown;
  createdAt: string;
  expiresAt: string;
  decidedAt: string | null;
  note: string | null;
  attempts: number;
  completedAt: string | null;
  responsePayload: unknown;
  errorCode: string | null;
  requestId: string;
  traceId: string;
  executionRequestId: string | null;
  executionTraceId: string | null;
  requestedByKeyId?: string | undefined;
  requestedByKeyName?: string | undefined;
  /** False once the requesting key was revoked (approving then fails). */
  requestedByKeyActive?: boolean | undefined;
  /** Admin API only. */
  decidedByKeyId?: string | null | undefined;
  operationVersionId?: string | undefined;
}

type Json = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** An approval request of the approval API (snake_case) or the admin API (camelCase). */
export function toApproval(raw: Json): Approval {
  const pick = (snake: string, camel: string): unknown => raw[snake] ?? raw[camel];
  const approval: Approval = {
    id: text(pick('approval_id', 'id')),
    workspace: text(raw['workspace']),
    agent: text(raw['agent']),
    tool: text(raw['tool']),
    status: text(raw['status']),
    payloadPreview: pick('payload_preview', 'payloadPreview'),
    createdAt: text(pick('created_at', 'createdAt')),
    expiresAt: text(pick('expires_at', 'expiresAt')),
    decidedAt: textOrNull(pick('decided_at', 'decidedAt')),
    note: textOrNull(raw['note']),
    attempts: Number(raw['attempts'] ?? 0),
    completedAt: textOrNull(pick('completed_at', 'completedAt')),
    responsePayload: pick('response_payload', 'responsePayload') ?? null,
    errorCode: textOrNull(pick('error_code', 'errorCode')),
    requestId: text(pick('request_id', 'requestId')),
    traceId: text(pick('trace_id', 'traceId')),
    executionRequestId: textOrNull(pick('execution_request_id', 'executionRequestId')),
    executionTraceId: textOrNull(pick('execution_trace_id', 'executionTraceId')),
  };
  const requester = raw['requested_by'];
  if (requester !== null && typeof requester === 'object') {
    const { key_id: id, name, active } = requester as Json;
    if (typeof id === 'string') approval.requestedByKeyId = id;
    if (typeof name === 'string') approval.requestedByKeyName = name;
    if (typeof active === 'boolean') approval.requestedByKeyActive = active;
  }
  if (typeof raw['requestedByKeyId'] === 'string') approval.requestedByKeyId = raw['requestedByKeyId'];
  if (typeof raw['requestedByKeyName'] === 'string') approval.requestedByKeyName = raw['requestedByKeyName'];
  if (typeof raw['requestedByKeyActive'] === 'boolean')
    approval.requestedByKeyActive = raw['requestedByKeyActive'];
  if (raw['decidedByKeyId'] !== undefined) approval.decidedByKeyId = textOrNull(raw['decidedByKeyId']);
  const operationVersion = pick('operation_version_id', 'operationVersionId');
  if (typeof operationVersion === 'string') approval.operationVersionId = operationVersion;
  return approval;
}
