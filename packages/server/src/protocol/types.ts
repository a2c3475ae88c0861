/**
 * MCP wire shapes the runtime reads or writes. Content blocks and `CallToolResult` live in
 * `src/results/`; JSON-RPC envelopes in `@mcpforge/wire`.
 */
import type { JsonSchema } from '../schema/index.js';
import type { Method } from './methods.js';

export type { JsonSchema };

import type { Meta } from '../results/index.js';

export type JsonObject = { [key: string]: unknown };
export type { Meta } from '../results/index.js';

export interface Icon {
  src: string;
  mimeType?: string | undefined;
  sizes?: string[] | undefined;
  theme?: 'light' | 'dark' | undefined;
}

export interface Implementation {
  name: string;
  version: string;
  title?: string | undefined;
  description?: string | undefined;
  icons?: Icon[] | undefined;
  websiteUrl?: string | undefined;
}

/** What a client declares it can do (legacy: in `initialize`; modern: per request). */
export interface ClientCapabilities {
  roots?: { listChanged?: boolean | undefined } | undefined;
  sampling?: { tools?: object; context?: object | undefined } | undefined;
  elicitation?: { form?: object; url?: object | undefined } | undefined;
  experimental?: Record<string, object> | undefined;
  extensions?: Record<string, object> | undefined;
  [key: string]: unknown;
}

export interface ServerCapabilities {
  tools?: { listChanged?: boolean | undefined } | undefined;
  resources?: { subscribe?: boolean; listChanged?: boolean | undefined } | undefined;
  prompts?: { listChanged?: boolean | undefined } | undefined;
  logging?: object | undefined;
  completions?: object | undefined;
  experimental?: Record<string, object> | undefined;
  extensions?: Record<string, object> | undefined;
}

export interface ToolAnnotations {
  title?: string | undefined;
  readOnlyHint?: boolean | undefined;
  destructiveHint?: boolean | undefined;
  idempotentHint?: boolean | undefined;
  openWorldHint?: boolean | undefined;
}

/** A tool as published by `tools/list`. */
export interface Tool {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema | undefined;
  annotations?: ToolAnnotations | undefined;
  icons?: Icon[] | undefined;
  /** 2025-11-25 tasks: whether the tool may, must or must not run as a task. */
  execution?: { taskSupport?: 'forbidden' | 'optional' | 'required' | undefined } | undefined;
  _meta?: Meta | undefined;
}

export interface Resource {
  uri: string;
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  mimeType?: string | undefined;
  size?: number | undefined;
  icons?: Icon[] | undefined;
  annotations?: object | undefined;
  _meta?: Meta | undefined;
}

export interface ResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  mimeType?: string | undefined;
  icons?: Icon[] | undefined;
  annotations?: object | undefined;
  _meta?: Meta | undefined;
}

export interface PromptArgument {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  required?: boolean | undefined;
}

export interface Prompt {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  arguments?: PromptArgument[] | undefined;
  icons?: Icon[] | undefined;
  _meta?: Meta | undefined;
}

export interface CompleteResult {
  completion: { values: string[]; total?: number | undefined; hasMore?: boolean | undefined };
}

/** RFC 5424 severities, lowest first. */
export const LOGGING_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;
export type LoggingLevel = (typeof LOGGING_LEVELS)[number];

/** Rank of a level (0 = debug); -1 when the value is not a level. */
export function loggingLevelRank(level: unknown): number {
  return typeof level === 'string' ? LOGGING_LEVELS.indexOf(level as LoggingLevel) : -1;
}

/** One server-to-client request an MRTR round asks for (or the legacy runtime sends). */
export type InputRequest =
  | { method: typeof Method.elicit; params: JsonObject }
  | { method: typeof Method.createMessage; params: JsonObject }
  | { method: typeof Method.listRoots; params?: JsonObject | undefined };

export interface InputRequiredResult {
  resultType: 'input_required';
  inputRequests?: Record<string, InputRequest> | undefined;
  requestState?: string | undefined;
  _meta?: Meta | undefined;
}
