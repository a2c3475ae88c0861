import { createHttpHandler } from '@mcpforge/server/http';
import { createEchoServer } from './http-node.js';

const handler = createHttpHandler(createEchoServer());

/**
 * The module shape Bun, Deno and Cloudflare Workers serve: `export default { fetch }`.
 * Every request is answered by the same handler, built once at start-up.
 */
export default {
  fetch: (request: Request): Promise<Response> => handler.fetch(request),
};
