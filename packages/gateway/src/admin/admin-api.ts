import { GatewayError } from '../errors/gateway-error.js';
import { ADMIN_CHALLENGE, authenticateAdmin } from './admin-auth.js';
import type { AdminRequest, AdminResponse } from './admin-exchange.js';
import { jsonResponse } from './admin-exchange.js';
import type { ResolvedAdminOptions } from './admin-options.js';
import { buildOpenApiDocument } from './openapi.js';
import { problemResponse } from './problem-response.js';
import { readJsonBody } from './request-body.js';
import { ADMIN_ROUTES, OPENAPI_PATH, Router } from './route-table.js';

/** The path of a request target, or undefined when it is no URL at all (the listener's to answer). */
function pathOf(target: string): string | undefined {
  try {
    return new URL(target, 'http://admin.invalid').pathname;
  } catch {
    return undefined;
  }
}

/** Answers admin requests; shared by the `node:http` and the fetch adapters. */
export class AdminApi {
  readonly #options: ResolvedAdminOptions;
  readonly #router = new Router(ADMIN_ROUTES);
  readonly #onError: (error: unknown) => void;
  #openApi: string | undefined;

  constructor(options: ResolvedAdminOptions, onError: (error: unknown) => void) {
    this.#options = options;
    this.#onError = onError;
  }

  /** Whether `target` is under the admin API's base path. */
  handles(target: string): string | undefined {
    const path = pathOf(target);
    if (path === undefined) return undefined;
    const base = this.#options.basePath;
    if (path !== base && !path.startsWith(`${base}/`)) return undefined;
    return path.slice(base.length) || '/';
  }

  /**
   * The answer to `request`, whose path `handles` accepted (`path` is below the base path).
   * Steps: authenticate (before anything, so unknown paths tell nothing), route, read the body,
   * run the route, map a refusal to problem+json.
   */
  async answer(request: AdminRequest, path: string, requestId: string): Promise<AdminResponse> {
    try {
      const key = await authenticateAdmin(this.#options.verifier, request.header('authorization'));
      if (path === OPENAPI_PATH && request.method === 'GET') return this.#openApiResponse();
      const match =
        path === OPENAPI_PATH
          ? ({ kind: 'method_not_allowed', allow: ['GET'] } as const)
          : this.#router.match(request.method, path);
      if (match.kind === 'not_found') throw new GatewayError('not_found', 'no such admin API resource');
      if (match.kind === 'method_not_allowed') {
        const allow = match.allow.join(', ');
        return problemResponse(
          new GatewayError('method_not_allowed', `${request.method} is not allowed here (allowed: ${allow})`),
          requestId,
          { allow },
        );
      }
      const body = await readJsonBody(request, this.#options.maxBodyBytes);
      const query = new URL(request.target, 'http://admin.invalid').searchParams;
      const { db, verifier } = this.#options;
      const result = await match.route.handle({ db, verifier, params: match.params, query, body, key });
      return jsonResponse(result.status, result.body);
    } catch (error) {
      if (!(error instanceof GatewayError) || error.code === 'internal') this.#onError(error);
      const headers: Record<string, string> =
        error instanceof GatewayError && error.code === 'key_invalid'
          ? { 'www-authenticate': ADMIN_CHALLENGE }
          : {};
      if (error instanceof GatewayError && error.code === 'body_too_large') headers['connection'] = 'close';
      return problemResponse(error, requestId, headers);
    }
  }

  #openApiResponse(): AdminResponse {
    this.#openApi ??= JSON.stringify(buildOpenApiDocument(this.#options.basePath));
    return { status: 200, headers: { 'content-type': 'application/json' }, body: this.#openApi };
  }
}
