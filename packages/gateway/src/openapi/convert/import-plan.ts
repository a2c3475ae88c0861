/**
 * What converting an OpenAPI document produces: the draft operations to upsert, what was left
 * out and why, and what the operator must provide. Pure data: applying it to a workspace is
 * the loader's and applier's work.
 * @module
 */

/**
 * Which methods are imported with `approval: 'required'`: none, the unsafe ones
 * (POST, PUT, PATCH, DELETE; the default) or all of them.
 */
export type ApprovalPolicy = 'none' | 'unsafe' | 'all';

/** Options of {@link convertDocument}. */
export interface ConvertOptions {
  /** Default `'unsafe'`. `x-mcpforge-approval` on an operation overrides it. */
  approval?: ApprovalPolicy;
}

/** A workspace section, from one of the document's tags. */
export interface PlannedSection {
  slug: string;
  title: string;
  description: string;
}

/** One API operation as a draft operation of the workspace. */
export interface PlannedOperation {
  /** `${METHOD} ${path}`, e.g. `GET /pets/{petId}`: how a re-import finds the draft it updates. */
  key: string;
  /** Operation slug (`[a-z0-9]+(-[a-z0-9]+)*`), stable across imports, unique in the plan. */
  slug: string;
  operationId?: string;
  /** The JSON that the admin API's `PUT .../operations/{op}/draft` accepts. */
  draft: Record<string, unknown>;
}

/** An API operation that was not imported. */
export interface SkippedOperation {
  key: string;
  operationId?: string;
  /** Why, in words an operator can act on. */
  reason: string;
}

/** Something imported, but not quite as the document says; `key` names the operation when it is one. */
export interface ImportWarning {
  key?: string;
  message: string;
}

/** An environment variable the gateway needs at call time for one security scheme. */
export interface RequiredSecret {
  /** The `${VAR}` name in the bindings, e.g. `MCPFORGE_SECRET_PETSTORE_API_KEY`. */
  variable: string;
  /** The security scheme's name in the document. */
  scheme: string;
  in: 'header' | 'query' | 'cookie';
  /** The header, query parameter or cookie name that carries it. */
  name: string;
}

/** The result of converting one document. */
export interface ImportPlan {
  /** The document's default base URL (first server, or 2.0 scheme+host+basePath). */
  baseUrl: string | undefined;
  /** Hosts of every base URL the operations use (added to the allow-list only on request). */
  hosts: string[];
  sections: PlannedSection[];
  operations: PlannedOperation[];
  skipped: SkippedOperation[];
  warnings: ImportWarning[];
  secrets: RequiredSecret[];
}
