// The demo MCPL server as a process (built packages): `node demo-main.mjs` serves stdio.

import { serveMcplStdio } from '@mcpforge/mcpl/server';
import { createServer, s, text } from '@mcpforge/server';

const server = createServer({ name: 'demo', version: '1.0.0' });
let session;
server.tool(
  { name: 'echo', description: 'Echoes its text', inputSchema: s.object({ text: s.string() }) },
  ({ text: said }) => text(said),
);
server.tool(
  {
    name: 'nudge',
    description: 'Pushes an event, then answers',
    inputSchema: s.object({ note: s.string() }),
  },
  async ({ note }) => {
    // A plain MCP host negotiated no push events: say so as a tool error (no MCPL traffic).
    if (!session.mcplActive)
      return {
        content: [{ type: 'text', text: 'This host did not negotiate MCPL: nothing pushed' }],
        isError: true,
      };
    const answer = await session.pushEvent({
      featureSet: 'demo.events',
      content: note,
      origin: { source: 'nudge' },
    });
    return text(`pushed: ${JSON.stringify(answer)}`);
  },
);
session = serveMcplStdio(server, {
  mcpl: {
    pushEvents: true,
    featureSets: { 'demo.events': { description: 'Nudges', uses: ['pushEvents'] } },
  },
  onError: (error) => process.stderr.write(`mcpl: ${error.message}\n`),
});
session.closed.then(() => process.exit(0));
