import { readFile } from 'node:fs/promises';
import {
  checkUrl,
  createServer,
  type McpServer,
  resolveInsideRoots,
  s,
  text,
  toolError,
} from '@mcpforge/server';

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
      // Follows `..` and symlinks. Refused: PathOutsideRootsError, a DomainError, so the model
      // gets an isError result "path '...' is not allowed: ..." (never a root's real path).
      const real = await resolveInsideRoots(args.path, policy.roots);
      return text(await readFile(real, 'utf8'));
    },
  );

  server.tool(
    { name: 'fetch_text', inputSchema: s.object({ url: s.string() }), annotations: { readOnlyHint: true } },
    async (args, ctx) => {
      // Refused: an isError result "url is not allowed: ..." (UrlNotAllowedError is a DomainError).
      const url = checkUrl(args.url, { hosts: policy.hosts, schemes: policy.schemes ?? ['https'] });
      // Cancelled with the request, and never longer than the timeout.
      const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(policy.timeoutMs)]);
      const response = await fetch(url, { signal, redirect: 'error' });
      if (!response.ok) return toolError(`${url.host} answered ${response.status}`);
      return text(await response.text());
    },
  );
  return server;
}
