import type { JsonSchema } from '@mcpforge/server';
import type { RequestOptions } from '@mcpforge/wire';
import type { AccessTokenResult, ContentBlock } from '../protocol/index.js';

/** An MCP tool definition as `tools/list` shows it. */
export interface ToolDefinition {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  inputSchema: JsonSchema & Record<string, unknown>;
  annotations?: Record<string, unknown> | undefined;
}

/** What a tool call returns: MCP's `CallToolResult` (the runtime adds the hint change). */
export interface ToolCallResult {
  content: ContentBlock[];
  isError?: boolean | undefined;
  structuredContent?: unknown;
  _meta?: Record<string, unknown> | undefined;
}

/** What a handler may do while it runs (a call, an open, or later from a timer). */
export interface ToolsetContext {
  /** Who the instance belongs to (the principal the connection was served for). */
  readonly principal: string;
  /**
   * An event for the host (`push/event` with the current hint change). During a call it is
   * never pushed: its content is appended to the call's result, since the call caused it.
   */
  emit(content: string | ContentBlock[]): Promise<void>;
  /** Visible tools or content changed outside a call: sends the hint change alone. */
  changed(): void;
  /** RFC-015: a short-lived credential for `audience`, asked from the principal's host. */
  access(audience: string, options?: { scopes?: string[]; signal?: AbortSignal }): Promise<AccessTokenResult>;
}

/** Context of an instance's handlers: the base plus ending the instance itself. */
export interface InstanceContext extends ToolsetContext {
  /** This instance's id (absent for a toolset without instances). */
  readonly instance: string | undefined;
  /** The instance ended by itself (a game over): it closes and the host is told why. */
  end(reason: string): void;
}

/** One open toolset (or one instance of it), as `open` returns it. */
export interface ToolsetInstance {
  title?: string | undefined;
  /** Tool names visible now; asked after every change. Default: all the toolset's tools. */
  visible?: (() => string[]) | undefined;
  content?: (() => ContentBlock[]) | undefined;
  call(
    tool: string,
    args: Record<string, unknown>,
    ctx: InstanceContext,
  ): ToolCallResult | Promise<ToolCallResult>;
  close?: (() => void | Promise<void>) | undefined;
}

export interface ToolsetDefinition {
  title: string;
  summary?: string | undefined;
  /** `open`: opened for each principal when it first connects. Default `closed`. */
  default?: 'open' | 'closed' | undefined;
  /** Whether each `toolsets/open` makes a new instance. Default false. */
  instances?: boolean | undefined;
  tools: ToolDefinition[];
  /** Schema of `toolsets/open`'s `options`. */
  optionsSchema?: (JsonSchema & Record<string, unknown>) | undefined;
  open(ctx: InstanceContext, options: Record<string, unknown>): ToolsetInstance | Promise<ToolsetInstance>;
}

/** A tool outside any toolset: always present and visible. */
export interface StaticTool extends ToolDefinition {
  call(args: Record<string, unknown>, ctx: ToolsetContext): ToolCallResult | Promise<ToolCallResult>;
}

/** Timers, replaceable so tests can run idle close on a fake clock. */
export interface ToolsetTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ToolsetServerOptions {
  name: string;
  version: string;
  tools?: StaticTool[] | undefined;
  toolsets: Record<string, ToolsetDefinition>;
  /**
   * How long a principal's instances stay open after its last connection closed; then they
   * close and the principal is forgotten. Default 24 h; `0` keeps them until the process exits.
   */
  idleCloseMs?: number | undefined;
  /** Most open instances one principal may hold. Default 32. */
  maxInstancesPerPrincipal?: number | undefined;
  /** `<name>` of the `<name>.tools` feature set. Default `name`. */
  featureSetName?: string | undefined;
  timers?: ToolsetTimers | undefined;
  /** Failures of handlers and connections, for the log. */
  onError?: ((error: Error) => void) | undefined;
  /** Options of `access/token` requests. */
  accessRequestOptions?: RequestOptions | undefined;
}

export const DEFAULT_IDLE_CLOSE_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_MAX_INSTANCES = 32;
