import type {
  AudioContent,
  ContentBlock,
  EmbeddedResourceContent,
  ImageContent,
  ResourceLinkContent,
  TextContent,
} from './content.js';
import type { CallToolResult } from './results.js';

/** A text block. */
export function textContent(text: string): TextContent {
  return { type: 'text', text };
}

/** A successful tool result with one text block. */
export function text(value: string): CallToolResult {
  return { content: [textContent(value)] };
}

/**
 * A domain error the model can see and act on (`isError: true`): a wrong argument,
 * a missing item, a refused action. The agent loop goes on.
 */
export function toolError(message: string): CallToolResult {
  return { content: [textContent(message)], isError: true };
}

/** A tool result made of the given blocks. */
export function result(...content: ContentBlock[]): CallToolResult {
  return { content };
}

/**
 * A tool result carrying `value` as `structuredContent` and the same JSON (compact)
 * as a text block, for clients that only read text. `options.text` replaces that text.
 * @throws TypeError when `value` is not a JSON object (MCP requires an object).
 */
export function structured<T extends object>(
  value: T,
  options: { text?: string | undefined } = {},
): CallToolResult {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError('structured(): structuredContent must be a JSON object');
  }
  const json = JSON.stringify(value);
  return {
    content: [textContent(options.text ?? json)],
    structuredContent: JSON.parse(json) as { [key: string]: unknown },
  };
}

function toBase64(data: string | Uint8Array): string {
  if (typeof data === 'string') return data;
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
}

/** An image block; bytes are encoded to base64, a string is taken as base64 already. */
export function image(data: string | Uint8Array, mimeType: string): ImageContent {
  return { type: 'image', data: toBase64(data), mimeType };
}

/** An audio block; bytes are encoded to base64, a string is taken as base64 already. */
export function audio(data: string | Uint8Array, mimeType: string): AudioContent {
  return { type: 'audio', data: toBase64(data), mimeType };
}

/** A link to a resource; only the given optional fields appear. */
export function resourceLink(link: Omit<ResourceLinkContent, 'type'>): ResourceLinkContent {
  return { type: 'resource_link', ...link };
}

/** A resource's contents embedded in a result (text, or base64 `blob`). */
export function embeddedResource(
  resource:
    | { uri: string; mimeType?: string | undefined; text: string }
    | { uri: string; mimeType?: string | undefined; blob: string | Uint8Array },
): EmbeddedResourceContent {
  if ('blob' in resource) {
    return { type: 'resource', resource: { ...resource, blob: toBase64(resource.blob) } };
  }
  return { type: 'resource', resource: { ...resource } };
}
