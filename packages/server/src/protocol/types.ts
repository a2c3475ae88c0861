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
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
}

export interface Implementation {
  name: string;
  version: string;
  title?: string;
  description?: string;
  icons?: Icon[];
  websiteUrl?: string;
}

/** What a client declares it can do (legacy: in `initialize`; modern: per request). */
export interface ClientCapabilities {
  roots?: { listChanged?: boolean };
  sampling?: { tools?: object; context?: object };
  elicitation?: { form?: object; url?: object };
  experimental?: Record<string, object>;
  extensions?: Record<string, object>;
  [key: string]: unknown;
}

export interface ServerCapabilities {
  tools?: { listChanged?: boolean };
  resources?: { subscribe?: boolean; listChanged?: boolean };
  prompts?: { listChanged?: boolean };
  logging?: object;
  completions?: object;
  experimental?: Record<string, object>;
  extensions?: Record<string, object>;
}

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A tool as published by `tools/list`. */
export interface Tool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  icons?: Icon[];
  /** 2025-11-25 tasks: whether the tool may, must or must not run as a task. */
  execution?: { taskSupport?: 'forbidden' | 'optional' | 'required' };
  _meta?: Meta;
}

export interface Resource {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  icons?: Icon[];
  annotations?: object;
  _meta?: Meta;
}

export interface ResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  icons?: Icon[];
  annotations?: object;
  _meta?: Meta;
}

export interface PromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
}

export interface Prompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgument[];
  icons?: Icon[];
  _meta?: Meta;
}

export interface CompleteResult {
  completion: { values: string[]; total?: number; hasMore?: boolean };
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
  | { method: typeof Method.listRoots; params?: JsonObject };

export interface InputRequiredResult {
  resultType: 'input_required';
  inputRequests?: Record<string, InputRequest>;
  requestState?: string;
  _meta?: Meta;
}
