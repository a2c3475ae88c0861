/**
 * The parts of an OpenAPI document the converter reads, in one shape for 2.0, 3.0 and 3.1.
 * @module
 */

/** Where a parameter goes. */
export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/** A parameter in OpenAPI 3 terms (2.0's `type`/`collectionFormat` already turned into a schema and style). */
export interface NormalParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  description?: string | undefined;
  schema: unknown;
  style?: string | undefined;
  explode?: boolean | undefined;
  /** Set when the parameter cannot be sent as the binding sends values (why, for the report). */
  unsupported?: string | undefined;
}

/** A request body: its media types with their schemas. */
export interface NormalBody {
  required: boolean;
  description?: string | undefined;
  content: Record<string, { schema?: unknown }>;
}

/** A security scheme in OpenAPI 3 terms. */
export interface NormalSecurityScheme {
  type: string;
  /** apiKey: where and under which name. */
  in?: string | undefined;
  name?: string | undefined;
  /** http: `bearer`, `basic`... */
  scheme?: string | undefined;
}

/** One requirement alternative: every scheme named must be applied. */
export type SecurityRequirement = Record<string, unknown>;

/** One API operation. */
export interface NormalOperation {
  /** Uppercase. */
  method: string;
  path: string;
  operationId?: string | undefined;
  summary?: unknown;
  description?: unknown;
  deprecated: boolean;
  tags: string[];
  parameters: NormalParameter[];
  body?: NormalBody | undefined;
  /** Server URLs that apply (operation's, else path's, else the document's), not yet resolved. */
  servers: NormalServer[];
  /** The requirements that apply (operation's, else the document's); `[]` means none. */
  security: SecurityRequirement[];
  hasCallbacks: boolean;
  /** The operation object itself, for `x-mcpforge-*` extensions. */
  source: Record<string, unknown>;
}

/** A server: its URL template and the defaults of its variables. */
export interface NormalServer {
  url: string;
  variables: Record<string, string>;
}

/** A document after normalisation. */
export interface NormalDocument {
  version: '2.0' | '3.0' | '3.1';
  title: string;
  servers: NormalServer[];
  securitySchemes: Record<string, NormalSecurityScheme>;
  tags: Array<{ name: string; description: string }>;
  operations: NormalOperation[];
  /** Things of the document that are left out on purpose (webhooks...). */
  notes: string[];
}
