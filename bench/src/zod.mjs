/**
 * zod 4 as the official SDKs resolve it: the repository root's. A plain `import 'zod'` from
 * bench/ finds bench/node_modules/zod first, the zod 3 that openapi-mcp-generator's peer
 * dependency puts there for the server it generates (see suites/gateway.mjs).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const fromRoot = createRequire(new URL('../../package.json', import.meta.url));
const zodDir = dirname(fromRoot.resolve('zod/package.json'));
const { version } = fromRoot('zod/package.json');
if (!version.startsWith('4.'))
  throw new Error(`bench: expected zod 4 at the repository root, found ${version}`);

export const z = await import(pathToFileURL(join(zodDir, 'index.js')).href);
