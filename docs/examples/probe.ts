import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer, type McpServer, resolveInsideRoots, s, text } from '@mcpforge/server';

/** A side-effecting tool that answers permission probes (seed 000), and a read-only one that does not. */
export function createNotesServer(root: string): McpServer {
  const server = createServer({ name: 'notes', version: '1.0.0' });
  server.patternTool(
    {
      name: 'write_file',
      description: 'Write a UTF-8 text file inside the notes folder.',
      inputSchema: s.object({ path: s.string({ minLength: 1 }), content: s.string() }),
      annotations: { destructiveHint: true },
    },
    // Computed from the validated arguments, with no side effect.
    (args) => ({ patterns: [`write:${args.path}`], always: [] }),
    async (args) => {
      const target = await resolveInsideRoots(args.path, [root]);
      await writeFile(target, args.content);
      return text(`wrote ${args.content.length} characters to ${args.path}`);
    },
  );
  server.tool({ name: 'ping_notes', inputSchema: s.object({}) }, () => text(`notes live in ${join(root)}`));
  return server;
}
