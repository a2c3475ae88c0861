import type { ContentBlock, Meta, ResourceContents } from './content.js';

/**
 * The result of `tools/call`. `isError: true` is a domain error the model can act on
 * (bad argument, not found, not allowed); infrastructure failures are JSON-RPC errors.
 */
export interface CallToolResult {
  content: ContentBlock[];
  /** Machine-readable result, matching the tool's `outputSchema` when it has one. */
  structuredContent?: { [key: string]: unknown };
  isError?: boolean;
  _meta?: Meta;
}

/** The result of `resources/read`. */
export interface ReadResourceResult {
  contents: ResourceContents[];
  _meta?: Meta;
}

/** One message of a prompt. */
export interface PromptMessage {
  role: 'user' | 'assistant';
  content: ContentBlock;
}

/** The result of `prompts/get`. */
export interface GetPromptResult {
  description?: string;
  messages: PromptMessage[];
  _meta?: Meta;
}
