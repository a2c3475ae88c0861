/**
 * Toolsets (the project's RFC-014 draft; no public spec text exists): the wire shapes shared by
 * the server runtime (`@mcpforge/mcpl/toolsets`) and hosts. A server keeps its full tool list
 * and says per tool whether it is static or dynamic, visible now, and which toolset it belongs
 * to; hosts that understand the hints keep dynamic tools out of the model's stable list.
 */

/** `_meta` key of a tool in `tools/list` carrying its {@link ToolPresence}. */
export const TOOL_PRESENCE_META_KEY = 'mcpl/toolset';
/** `_meta` key carrying a {@link ToolsetHintChange} on a call result or a `push/event`. */
export const TOOLSET_HINTS_META_KEY = 'mcpl/toolsetHints';

/** Tool names a server adds for hosts that do not understand the hints. */
export const TOOLSET_TOOL_NAMES = {
  open: 'toolset_open',
  close: 'toolset_close',
  use: 'toolset_use',
} as const;

export type ToolKind = 'static' | 'dynamic';

/** Per tool: how it is present. */
export interface ToolPresence {
  kind: ToolKind;
  visible: boolean;
  /** The toolset the tool belongs to; absent for a static tool outside any toolset. */
  toolset?: string | undefined;
  /** The instance it is visible for, when its toolset has instances. */
  instance?: string | undefined;
}

/** A toolset a server offers. */
export interface ToolsetDescriptor {
  name: string;
  title: string;
  summary?: string | undefined;
  /** Whether a host must open it before its tools work. */
  default: 'open' | 'closed';
  /** Whether each `toolsets/open` makes a new instance. */
  instances: boolean;
  tools: string[];
}

/** An open toolset (or one instance of it). */
export interface ToolsetInstanceInfo {
  toolset: string;
  /** Absent for a toolset without instances. */
  instance?: string | undefined;
  title: string;
  /** Tool names visible now. */
  visible: string[];
  content?: Array<{ type: 'text'; text: string } | Record<string, unknown>> | undefined;
}

/** An instance that ended while nobody of its principal was connected. */
export interface EndedToolsetInstance {
  toolset: string;
  instance: string;
  reason: string;
}

/** `toolsets/list` (H→S request, params `{}`). */
export interface ToolsetsListResult {
  toolsets: ToolsetDescriptor[];
  open: ToolsetInstanceInfo[];
  /** Delivered once, by this list. */
  ended: EndedToolsetInstance[];
  /** The connection's current hint revision. */
  rev: number;
}

/** `toolsets/open` (H→S request). */
export interface ToolsetsOpenParams {
  toolset: string;
  options?: Record<string, unknown> | undefined;
}

export interface ToolsetsOpenResult {
  instance: ToolsetInstanceInfo;
  hints?: ToolsetHintChange | undefined;
}

/** `toolsets/close` (H→S request). */
export interface ToolsetsCloseParams {
  toolset: string;
  instance?: string | undefined;
}

export interface ToolsetsCloseResult {
  closed: boolean;
  hints?: ToolsetHintChange | undefined;
}

/**
 * A change of tool presence. `rev` is consecutive per connection (1, 2, …), so a host
 * applies changes in order and notices a gap; it travels in a call result's or event's
 * `_meta[TOOLSET_HINTS_META_KEY]`, or alone as `toolsets/changed` params.
 */
export interface ToolsetHintChange {
  rev: number;
  tools: Record<string, ToolPresence>;
  ended?: EndedToolsetInstance[] | undefined;
}
