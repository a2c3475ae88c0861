import type { Readable } from 'node:stream';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { FIXTURE } from './test-support/spawn-fixture.js';

/**
 * What the other interop files leave unobserved: that a client's AbortSignal reaches the
 * server's handler as `ctx.signal`. The fixture's `wait_for_cancel` writes a line to stderr
 * when its signal aborts; these tests read the server's real stderr for it, in both eras.
 */

/** Collects a child's stderr and waits for a line. */
function watchStderr(stream: Readable | null): { waitFor(text: string, timeoutMs?: number): Promise<void> } {
  let seen = '';
  const waiters = new Set<() => void>();
  stream?.on('data', (chunk: Buffer) => {
    seen += chunk.toString();
    for (const wake of waiters) wake();
  });
  return {
    waitFor(text, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          if (!seen.includes(text)) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`stderr never said "${text}"; it said: ${seen}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
  };
}

interface CancelSession {
  era: string | undefined;
  stderr: ReturnType<typeof watchStderr>;
  /** Calls `wait_for_cancel` under `signal`. */
  waitForCancel(signal: AbortSignal): Promise<unknown>;
  echo(text: string): Promise<unknown>;
  close(): Promise<void>;
}

async function connectV1(): Promise<CancelSession> {
  const client = new ClientV1({ name: 'coverage-v1', version: '1.0.0' });
  const transport = new StdioV1({ command: process.execPath, args: [FIXTURE], stderr: 'pipe' });
  const stderr = watchStderr(transport.stderr as Readable | null);
  await client.connect(transport);
  return {
    era: 'legacy', // the v1 client only speaks the 2025 `initialize` handshake
    stderr,
    waitForCancel: (signal) =>
      client.callTool({ name: 'wait_for_cancel', arguments: {} }, undefined, { signal }),
    echo: (text) => client.callTool({ name: 'echo', arguments: { text } }),
    close: () => client.close(),
  };
}

async function connectV2(): Promise<CancelSession> {
  const client = new ClientV2(
    { name: 'coverage-v2', version: '2.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  const transport = new StdioV2({ command: process.execPath, args: [FIXTURE], stderr: 'pipe' });
  const stderr = watchStderr(transport.stderr as Readable | null);
  await client.connect(transport);
  return {
    era: client.getProtocolEra(),
    stderr,
    waitForCancel: (signal) => client.callTool({ name: 'wait_for_cancel', arguments: {} }, { signal }),
    echo: (text) => client.callTool({ name: 'echo', arguments: { text } }),
    close: () => client.close(),
  };
}

describe.each([
  { label: 'SDK v1 client, legacy era', era: 'legacy', connect: connectV1 },
  { label: 'SDK v2 client, modern era 2026-07-28', era: 'modern', connect: connectV2 },
])('cancellation over real stdio: $label', ({ era, connect }) => {
  it("an aborted call aborts the server handler's ctx.signal, and the server keeps serving", async () => {
    const session = await connect();
    try {
      expect(session.era).toBe(era);
      // The handler has not been cancelled yet: prove the line is not there by accident.
      const controller = new AbortController();
      const call = session.waitForCancel(controller.signal);
      await expect(session.stderr.waitFor('wait_for_cancel: aborted', 200)).rejects.toThrow(/never said/);
      controller.abort('user cancelled');
      await expect(call).rejects.toThrow();
      await session.stderr.waitFor('wait_for_cancel: aborted');
      expect(await session.echo('after')).toMatchObject({ content: [{ type: 'text', text: 'after' }] });
    } finally {
      await session.close();
    }
  });
});
