import { readFile } from 'node:fs/promises';
import {
  checkUrl,
  createServer,
  type McpServer,
  PathOutsideRootsError,
  resolveInsideRoots,
  s,
  text,
  toolError,
  UrlNotAllowedError,
} from '@forge/server';

export interface FilesPolicy {
  roots: readonly string[];
  hosts: readonly string[];
  schemes?: readonly string[];
  timeoutMs: number;
}

/** Paths jailed to roots, URLs to an allow-list, every outside call bounded by a timeout. */
export function createFilesServer(policy: FilesPolicy): McpServer {
  const server = createServer({ name: 'files', version: '1.0.0' });

  server.tool(
    {
      name: 'read_file',
      inputSchema: s.object({ path: s.string({ minLength: 1 }) }),
      annotations: { readOnlyHint: true },
    },
    async (args) => {
      try {
        const real = await resolveInsideRoots(args.path, policy.roots); // follows `..` and symlinks
        return text(await readFile(real, 'utf8'));
      } catch (error) {
        // The validators throw plain errors, not DomainError: turn them into a result the model can read.
        if (error instanceof PathOutsideRootsError) return toolError(error.message);
        throw error;
      }
    },
  );

  server.tool(
    { name: 'fetch_text', inputSchema: s.object({ url: s.string() }), annotations: { readOnlyHint: true } },
    async (args, ctx) => {
      let url: URL;
      try {
        url = checkUrl(args.url, { hosts: policy.hosts, schemes: policy.schemes ?? ['https'] });
      } catch (error) {
        if (error instanceof UrlNotAllowedError) return toolError(error.message);
        throw error;
      }
      // Cancelled with the request, and never longer than the timeout.
      const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(policy.timeoutMs)]);
      const response = await fetch(url, { signal, redirect: 'error' });
      if (!response.ok) return toolError(`${url.host} answered ${response.status}`);
      return text(await response.text());
    },
  );
  return server;
}
