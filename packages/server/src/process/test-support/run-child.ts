// Child for run.process.test.ts: a small server started by run() with the command line it is given.
import { createServer } from '../../server/mcp-server.js';
import { run } from '../run.js';

await run(
  () => {
    const server = createServer({ name: 'run-child', version: '1.0.0' });
    server.tool({ name: 'echo', inputSchema: { type: 'object' } }, (args) => ({
      content: [{ type: 'text', text: JSON.stringify(args) }],
    }));
    return server;
  },
  { name: 'run-child', graceMs: 200 },
);
