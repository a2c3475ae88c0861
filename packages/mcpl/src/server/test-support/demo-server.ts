import { createServer, type McpServer, s, text } from '@mcpforge/server';
import type { McplServeOptions, McplSession } from '../mcpl-session.js';

/**
 * The demo MCPL server of the tests: tools `echo` and `nudge` (pushes an event from inside
 * the call, before answering), feature sets `demo.events` (push events) and `demo.tools`
 * (added by the session), channels register/incoming/publish.
 */
export function demoServer(getSession: () => McplSession): McpServer {
  const server = createServer({ name: 'demo', version: '1.0.0' });
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
      if (!getSession().mcplActive)
        return {
          content: [{ type: 'text', text: 'This host did not negotiate MCPL: nothing pushed' }],
          isError: true,
        };
      const answer = getSession().pushEvent({
        featureSet: 'demo.events',
        content: note,
        origin: { source: 'nudge' },
      });
      return text(`pushed: ${JSON.stringify(await answer)}`);
    },
  );
  return server;
}

export const DEMO_MCPL: McplServeOptions['mcpl'] = {
  pushEvents: true,
  channels: { register: true, incoming: true, publish: true },
  featureSets: {
    'demo.events': { description: 'Nudges', uses: ['pushEvents'] },
    'demo.chat': {
      description: 'A chat channel',
      uses: ['channels.register', 'channels.incoming', 'channels.publish'],
    },
  },
};
