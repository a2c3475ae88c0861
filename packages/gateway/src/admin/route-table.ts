import { compilePathTemplate, type PathTemplate } from './path-template.js';
import type { Route } from './route.js';
import { AGENT_ROUTES } from './routes/agent-routes.js';
import { APPROVAL_ROUTES } from './routes/approvals-routes.js';
import { CONFIG_ROUTES } from './routes/config-routes.js';
import { HISTORY_ROUTES } from './routes/history-routes.js';
import { KEY_ROUTES } from './routes/key-routes.js';
import { OPERATION_ROUTES } from './routes/operation-routes.js';
import { SECTION_ROUTES } from './routes/section-routes.js';
import { UPSTREAM_HOST_ROUTES } from './routes/upstream-host-routes.js';
import { WORKSPACE_ROUTES } from './routes/workspace-routes.js';

/** Path of the OpenAPI document, below `{prefix}/admin/v1`. */
export const OPENAPI_PATH = '/openapi.json';

/** Every route of the admin API (the OpenAPI document is served beside them). */
export const ADMIN_ROUTES: readonly Route[] = [
  ...WORKSPACE_ROUTES,
  ...SECTION_ROUTES,
  ...UPSTREAM_HOST_ROUTES,
  ...OPERATION_ROUTES,
  ...AGENT_ROUTES,
  ...KEY_ROUTES,
  ...HISTORY_ROUTES,
  ...APPROVAL_ROUTES,
  ...CONFIG_ROUTES,
];

/** What a path resolves to: a route and its parameters, or the methods the path allows. */
export type RouteMatch =
  | { kind: 'route'; route: Route; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allow: string[] }
  | { kind: 'not_found' };

/** Matches requests against `routes`, compiled once. */
export class Router {
  readonly #compiled: { route: Route; template: PathTemplate }[];

  constructor(routes: readonly Route[]) {
    this.#compiled = routes.map((route) => ({ route, template: compilePathTemplate(route.path) }));
  }

  match(method: string, path: string): RouteMatch {
    const allow: string[] = [];
    for (const { route, template } of this.#compiled) {
      const params = template.match(path);
      if (params === undefined) continue;
      if (route.method === method) return { kind: 'route', route, params };
      allow.push(route.method);
    }
    return allow.length > 0 ? { kind: 'method_not_allowed', allow } : { kind: 'not_found' };
  }
}
