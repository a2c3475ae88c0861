export type {
  Annotations,
  AudioContent,
  BlobResourceContents,
  ContentBlock,
  EmbeddedResourceContent,
  ImageContent,
  Meta,
  ResourceContents,
  ResourceLinkContent,
  TextContent,
  TextResourceContents,
} from './content.js';
export {
  audio,
  embeddedResource,
  image,
  resourceLink,
  result,
  structured,
  text,
  textContent,
  toolError,
} from './helpers.js';
export type { CallToolResult, GetPromptResult, PromptMessage, ReadResourceResult } from './results.js';
