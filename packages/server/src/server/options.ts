import type { Icon, ServerCapabilities } from '../protocol/index.js';
import type { CallToolResult } from '../results/index.js';
import type { SchemaCompiler, ValidationIssue } from '../validation/index.js';
import type { HandlerContext } from './context.js';

/** Details of an unexpected handler failure, for the log (never sent to the client). */
export interface InternalErrorReport {
  /** Opaque id also sent to the client, to match a report with a log line. */
  errorId: string;
  method: string;
  /** Tool or prompt name, or resource URI. */
  target: string | undefined;
  error: unknown;
}

/** A `tools/call` whose arguments were refused before its handler ran. */
export interface InvalidArguments {
  /** The tool called. */
  tool: string;
  /** Each reason: the field's path, the rule, and a message naming both. */
  issues: readonly ValidationIssue[];
  /** The issues in one line, the text of the default result: `argument 'limit': must be integer`. */
  message: string;
}

/**
 * What {@link ServerOptions.prepareArguments} decides: the arguments to validate and hand to the
 * handler, or the issues that refuse them.
 */
export type PreparedArguments =
  | { ok: true; arguments: Record<string, unknown> }
  | { ok: false; issues: ValidationIssue[] };

/** Options of {@link createServer}. */
export interface ServerOptions {
  name: string;
  version: string;
  title?: string | undefined;
  description?: string | undefined;
  icons?: Icon[] | undefined;
  websiteUrl?: string | undefined;
  /** Sent in `initialize` and `server/discover`. */
  instructions?: string | undefined;
  /**
   * Key for the HMAC of MRTR `requestState` and list cursors. Replicas behind one endpoint must
   * share it; without it a random per-process key is used (fine for stdio).
   */
  secret?: string | Uint8Array | undefined;
  /** Items per list page. Default 1000: most clients never follow cursors, so one page should hold a normal server. */
  pageSize?: number | undefined;
  /** Modern `ttlMs` of discover, lists and resource reads. Default 60 000. */
  cacheTtlMs?: number | undefined;
  /** Modern `cacheScope`. Default `public` (the definition holds no user data; resource handlers may override). */
  cacheScope?: 'public' | 'private' | undefined;
  /** Lifetime of an MRTR `requestState` in ms, a positive integer. Default 10 minutes (`DEFAULT_REQUEST_STATE_TTL_MS`). */
  requestStateTtlMs?: number | undefined;
  /** Capabilities to declare on top of those derived from what is registered. */
  capabilities?: ServerCapabilities | undefined;
  /** The schema compiler (one per server); a default one is built when absent. */
  schemaCompiler?: SchemaCompiler | undefined;
  /**
   * Runs on every `tools/call`'s arguments before the tool's `inputSchema` checks them: returns
   * the arguments to validate and hand to the handler (for example without control fields the
   * server reads itself, so a strict schema accepts the call), or issues that refuse the call
   * as the schema's would. Must not change `args`. Default: the arguments as sent.
   */
  prepareArguments?: ((args: Record<string, unknown>, tool: string) => PreparedArguments) | undefined;
  /**
   * Shapes the result of a `tools/call` whose arguments were refused (by the `inputSchema` or by
   * `prepareArguments`), e.g. to add `structuredContent` with the server's own error fields.
   * Default: `{ content: [{ type: 'text', text: invalid.message }], isError: true }`. A throw
   * is answered like a handler's.
   */
  onInvalidArguments?: ((invalid: InvalidArguments, ctx: HandlerContext) => CallToolResult) | undefined;
  /** Where unexpected handler failures are reported. Default: one JSON line on stderr. */
  onInternalError?: ((report: InternalErrorReport) => void) | undefined;
  /**
   * Resource subscriptions one session may hold: its legacy `resources/subscribe` URIs plus the
   * URIs of its open `subscriptions/listen` requests. Default
   * {@link DEFAULT_MAX_RESOURCE_SUBSCRIPTIONS}.
   */
  maxResourceSubscriptions?: number | undefined;
  /** Longest URI (UTF-16 code units) a subscription may name. Default {@link DEFAULT_MAX_SUBSCRIPTION_URI_LENGTH}. */
  maxSubscriptionUriLength?: number | undefined;
}

export const DEFAULT_PAGE_SIZE = 1000;
export const DEFAULT_CACHE_TTL_MS = 60_000;
/** More URIs than a client watching a project's files needs; with the length cap, a few MiB at most. */
export const DEFAULT_MAX_RESOURCE_SUBSCRIPTIONS = 1000;
/** 4 KiB, Linux's PATH_MAX: longer than the URIs browsers and CDNs keep (about 2 KiB). */
export const DEFAULT_MAX_SUBSCRIPTION_URI_LENGTH = 4096;
