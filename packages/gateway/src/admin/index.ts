export { ADMIN_CHALLENGE } from './admin-auth.js';
export {
  type AdminFetchHandler,
  type AdminHandler,
  type AdminHandlerHooks,
  createAdminFetchHandler,
  createAdminHandler,
} from './admin-handler.js';
export {
  ADMIN_API_PATH,
  type AdminHandlerOptions,
  DEFAULT_ADMIN_PREFIX,
  DEFAULT_MAX_ADMIN_BODY_BYTES,
  DEFAULT_PAGE_LIMIT,
  MAX_PAGE_LIMIT,
} from './admin-options.js';
export { ADMIN_API_VERSION, buildOpenApiDocument } from './openapi.js';
export type { Page } from './pagination.js';
export type { AdminProblem, FieldError } from './problem-response.js';
export { ADMIN_ROUTES, OPENAPI_PATH } from './route-table.js';
