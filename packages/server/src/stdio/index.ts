export { type StdioOptions, type StdioServer, serveStdio } from './serve-stdio.js';
