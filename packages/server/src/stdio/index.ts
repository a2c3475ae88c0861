export { type StdioOptions, type StdioServer, serveStdio } from './serve-stdio.js';
export { DEFAULT_GRACE_MS } from './stdio-options.js';
