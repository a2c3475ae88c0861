export { PathOutsideRootsError, UrlNotAllowedError } from './errors.js';
export { resolveInsideRoots } from './paths.js';
export { isIdentifier, isSlug, MAX_NAME_LENGTH } from './syntax.js';
export type { UrlPolicy } from './urls.js';
export { checkUrl } from './urls.js';
