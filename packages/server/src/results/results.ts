import type { ContentBlock, Meta, ResourceContents } from './content.js';

/**
 * The result of `tools/call`. `isError: true` is a domain error the model can act on
 * (bad argument, not found, not allowed); infrastructure failures are JSON-RPC errors.
 */
export interface CallToolResult {
  content: ContentBlock[];
  /** Machine-readable result, matching the tool's `outputSchema` when it has one. */
  structuredContent?: { [key: string]: unknown } | undefined;
  isError?: boolean | undefined;
  _meta?: Meta | undefined;
}

/** The result of `resources/read`. */
export interface ReadResourceResult {
  contents: ResourceContents[];
  _meta?: Meta | undefined;
}

/** One message of a prompt. */
export interface PromptMessage {
  role: 'user' | 'assistant';
  content: ContentBlock;
}

/** The result of `prompts/get`. */
export interface GetPromptResult {
  description?: string | undefined;
  messages: PromptMessage[];
  _meta?: Meta | undefined;
}
