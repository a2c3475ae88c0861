/**
 * MCP content blocks (spec 2025-06-18 and 2026-07-28 share these shapes): what a
 * tool result, a prompt message or an embedded resource carries.
 */

/** Extra metadata on any MCP object; keys are namespaced (`forge.…`, `io.modelcontextprotocol/…`). */
export type Meta = { [key: string]: unknown };

/** Who a block is for and how much it matters; hints for the client, never authorization. */
export interface Annotations {
  audience?: Array<'user' | 'assistant'> | undefined;
  /** 0 (least) to 1 (most important). */
  priority?: number | undefined;
  /** ISO 8601 timestamp of the last change. */
  lastModified?: string | undefined;
}

/** Plain text. */
export interface TextContent {
  type: 'text';
  text: string;
  annotations?: Annotations | undefined;
  _meta?: Meta | undefined;
}

/** An image, base64 on the wire. */
export interface ImageContent {
  type: 'image';
  /** Base64 (standard alphabet, padded). */
  data: string;
  mimeType: string;
  annotations?: Annotations | undefined;
  _meta?: Meta | undefined;
}

/** Audio, base64 on the wire. */
export interface AudioContent {
  type: 'audio';
  /** Base64 (standard alphabet, padded). */
  data: string;
  mimeType: string;
  annotations?: Annotations | undefined;
  _meta?: Meta | undefined;
}

/** A link to a resource the client may read (not its contents). */
export interface ResourceLinkContent {
  type: 'resource_link';
  uri: string;
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  mimeType?: string | undefined;
  /** Size in bytes, when known. */
  size?: number | undefined;
  annotations?: Annotations | undefined;
  _meta?: Meta | undefined;
}

/** Text contents of a resource. */
export interface TextResourceContents {
  uri: string;
  mimeType?: string | undefined;
  text: string;
  _meta?: Meta | undefined;
}

/** Binary contents of a resource, base64. */
export interface BlobResourceContents {
  uri: string;
  mimeType?: string | undefined;
  blob: string;
  _meta?: Meta | undefined;
}

/** Contents of one resource: text or blob. */
export type ResourceContents = TextResourceContents | BlobResourceContents;

/** A resource's contents embedded in a result or prompt. */
export interface EmbeddedResourceContent {
  type: 'resource';
  resource: ResourceContents;
  annotations?: Annotations | undefined;
  _meta?: Meta | undefined;
}

/** Any content block. */
export type ContentBlock =
  | TextContent
  | ImageContent
  | AudioContent
  | ResourceLinkContent
  | EmbeddedResourceContent;
