import type { KeyVerifier, VerifiedKey } from '../keys/key-verifier.js';
import type { Database } from '../store/database.js';

/** What a route handler gets: the parsed request, and what it may call. */
export interface RouteContext {
  db: Database;
  verifier: KeyVerifier;
  /** Path parameters by name, percent-decoded. */
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  /** The parsed JSON body, undefined when there is none. */
  body: unknown;
  /** The admin key of the request. */
  key: VerifiedKey;
}

/** A route's answer: a status and a JSON value (none for 204). */
export interface RouteResult {
  status: number;
  body?: unknown;
}

/** HTTP methods of the admin API. */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One route of the table: what it is (for the OpenAPI document) and its handler. */
export interface Route {
  method: RouteMethod;
  /** Below `{prefix}/admin/v1`, with `{name}` parameters: `/workspaces/{workspace}`. */
  path: string;
  /** Unique OpenAPI operationId. */
  operationId: string;
  summary: string;
  tag: string;
  /** Name of the request body schema in the OpenAPI components, when it takes a body. */
  requestSchema?: string | undefined;
  /** Name of the success body schema in the OpenAPI components (absent for 204). */
  responseSchema?: string | undefined;
  /** Success statuses it answers. */
  successStatuses: readonly number[];
  /** Query parameters it takes, besides none. */
  queryParameters?: readonly string[] | undefined;
  handle(context: RouteContext): Promise<RouteResult>;
}

/** Helper so each route module reads as a list. */
export function defineRoutes(routes: Route[]): Route[] {
  return routes;
}
