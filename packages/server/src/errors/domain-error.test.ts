import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArgumentError, requireString } from '../args/index.js';
import { text } from '../results/index.js';
import { createServer } from '../server/mcp-server.js';
import type { InternalErrorReport } from '../server/options.js';
import { createTestClient } from '../testing/index.js';
import {
  checkUrl,
  PathOutsideRootsError,
  resolveInsideRoots,
  UrlNotAllowedError,
} from '../validators/index.js';
import { DomainError } from './domain-error.js';

describe('argument and validator errors are domain errors', () => {
  it('are DomainErrors while keeping their own identity', () => {
    const argument = new ArgumentError('query', 'is required');
    const path = new PathOutsideRootsError('../x', 'it resolves outside the allowed roots');
    const url = new UrlNotAllowedError('credentials in the URL are not allowed');
    for (const error of [argument, path, url]) expect(error).toBeInstanceOf(DomainError);
    expect(argument).toBeInstanceOf(ArgumentError);
    expect(argument).not.toBeInstanceOf(PathOutsideRootsError);
    expect(new DomainError('plain')).not.toBeInstanceOf(ArgumentError);
    expect([argument.name, path.name, url.name]).toEqual([
      'ArgumentError',
      'PathOutsideRootsError',
      'UrlNotAllowedError',
    ]);
  });

  it('thrown uncaught from a tool, each becomes an isError result with its message, not -32603', async () => {
    const root = await mkdtemp(join(tmpdir(), 'forge-domain-'));
    try {
      const reports: InternalErrorReport[] = [];
      const server = createServer({ name: 't', version: '1', onInternalError: (r) => reports.push(r) });
      const schema = { type: 'object' } as const;
      server.tool({ name: 'arg', inputSchema: schema }, (args) => text(requireString(args, 'query')));
      server.tool({ name: 'path', inputSchema: schema }, async () =>
        text(await resolveInsideRoots('../../etc/passwd', [root])),
      );
      server.tool({ name: 'url', inputSchema: schema }, () =>
        text(checkUrl('https://u:p@example.com/', { hosts: ['example.com'] }).href),
      );
      const client = createTestClient(server);
      await client.initialize();
      const results = await Promise.all(['arg', 'path', 'url'].map((name) => client.callTool(name, {})));
      expect(results.map((result) => result.isError)).toEqual([true, true, true]);
      const messages = results.map((result) => (result.content[0] as { text: string }).text);
      expect(messages[0]).toBe("argument 'query': is required");
      expect(messages[1]).toBe(
        "path '../../etc/passwd' is not allowed: it resolves outside the allowed roots",
      );
      expect(messages[2]).toBe('url is not allowed: credentials in the URL are not allowed');
      // The root's real location never reaches the client.
      expect(messages[1]).not.toContain(root);
      expect(reports).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
