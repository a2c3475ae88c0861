import type { Icon, ServerCapabilities } from '../protocol/index.js';
import type { SchemaCompiler } from '../validation/index.js';

/** Details of an unexpected handler failure, for the log (never sent to the client). */
export interface InternalErrorReport {
  /** Opaque id also sent to the client, to match a report with a log line. */
  errorId: string;
  method: string;
  /** Tool or prompt name, or resource URI. */
  target: string | undefined;
  error: unknown;
}

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
