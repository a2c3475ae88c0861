/**
 * The JSON the gateway's admin API answers, as the CLI reads it (dates are ISO strings). The
 * gateway's OpenAPI document (`{prefix}/admin/v1/openapi.json`) is the full description.
 * @module
 */

export type KeyType = 'mcp_client' | 'approval' | 'admin';
export const KEY_TYPES: readonly KeyType[] = ['mcp_client', 'approval', 'admin'];

export interface Workspace {
  id: string;
  slug: string;
  createdAt: string;
}

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

/** `POST /keys`: the key and its value, shown in this answer only. */
export interface CreatedKey {
  key: ApiKey;
  value: string;
}

export interface CreateKeyInput {
  type: KeyType;
  name: string;
  workspace?: string | undefined;
  agent?: string | undefined;
  allowedOrigins?: readonly string[] | undefined;
}

/** An operation or an agent: a slug with an editable draft and published versions. */
export interface Drafted<D> {
  id: string;
  workspace: string;
  slug: string;
  draft: D;
  draftRevision: number;
  /** 0 while never published. */
  latestVersion: number;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
}

/** The parts of an operation's draft the CLI shows; the rest passes through untouched. */
export interface OperationDraft {
  name: string;
  title?: string;
  description?: string;
  binding?: { method?: string; path?: string; baseUrl?: string } & Record<string, unknown>;
  [field: string]: unknown;
}

export interface AgentDraft {
  delivery?: 'direct' | 'search';
  operations: string[];
  sections?: string[];
  [field: string]: unknown;
}

export type Operation = Drafted<OperationDraft>;
export type Agent = Drafted<AgentDraft>;

export interface OperationVersion {
  id: string;
  operation: string;
  version: number;
  definition: OperationDraft;
  publishedAt: string;
}

/** `POST .../operations/{operation}/publish`: `created` is false when the draft equals the latest version. */
export interface PublishedOperation {
  version: OperationVersion;
  created: boolean;
}

export interface CatalogMetrics {
  delivery: 'direct' | 'search';
  toolCount: number;
  catalogBytes: number;
  estimatedTokens: number;
  largestTool: string | null;
  largestToolBytes: number;
  [field: string]: unknown;
}

export interface CatalogWarning {
  code: string;
  message: string;
  [field: string]: unknown;
}

/** `POST .../agents/{agent}/publish`: `created` is false when the catalog equals the latest. */
export interface PublishedAgent {
  catalog: {
    workspace: string;
    agent: string;
    agentVersion: number;
    revision: string;
    publishedAt: string;
    tools: Array<{ operation: string; operationVersion: number; definition: OperationDraft }>;
    metrics: CatalogMetrics;
    warnings: CatalogWarning[];
  };
  created: boolean;
  excluded: Array<{ operation: string; reason: string }>;
}

/** An RFC 9457 problem of the admin API. */
export interface AdminProblem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  code?: string;
  field?: string;
  errors?: Array<{ field: string; message: string }>;
  request_id?: string;
}

export interface Section {
  id: string;
  slug: string;
  title: string;
  description: string;
  createdAt: string;
  updatedAt: string;
}

export interface SectionInput {
  title?: string | undefined;
  description?: string | undefined;
}

export interface UpstreamHost {
  hostPattern: string;
  allowLoopback: boolean;
  allowPrivate: boolean;
  allowLinkLocal: boolean;
  createdAt: string;
  [field: string]: unknown;
}

export interface UpstreamHostInput {
  hostPattern: string;
  allowLoopback?: boolean | undefined;
  allowPrivate?: boolean | undefined;
  allowLinkLocal?: boolean | undefined;
}

/** `GET /history`'s filters. */
export interface HistoryFilter {
  workspace?: string | undefined;
  agent?: string | undefined;
  key?: string | undefined;
  outcome?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
}

/** One `tools/call` of the history: the fields the CLI shows; the rest passes through. */
export interface Invocation {
  id: string;
  workspace: string;
  agent: string;
  tool: string | null;
  operation: string | null;
  operationVersion: number | null;
  calledAt: string;
  outcome: string;
  errorCode: string | null;
  durationMs: number;
  requestId: string;
  [field: string]: unknown;
}

/** An approval request as the admin API (camelCase) or the approval API (snake_case) shows it. */
export interface Approval {
  [field: string]: unknown;
}
