import { describe, expect, it } from 'vitest';
import { checkEcho, openStdio } from '../suites/stdio-session.mjs';
import { ECHO_TEXT, echoCallParts, listToolsParts } from '../workload.mjs';

describe('StdioClient against the floor server (a real child process)', () => {
  it('answers a control request and runs a counted load with every response matched', async () => {
    const { server, client } = await openStdio('floor', { env: { BENCH_TOOLS: '9' } });
    try {
      const { prefix, suffix } = listToolsParts('legacy');
      const listed = await client.request((id) => `${prefix}${id}${suffix}`);
      expect(listed.result.tools).toHaveLength(10);
      const run = await client.load({
        parts: echoCallParts('legacy'),
        window: 16,
        limit: 2000,
        check: checkEcho(ECHO_TEXT),
      });
      expect(run.completed).toBe(2000);
      expect(run.errors).toBe(0);
      expect(run.latencies).toHaveLength(2000);
    } finally {
      await server.stop();
    }
  });

  it('rejects a load whose first response is not the echo', async () => {
    const { server, client } = await openStdio('floor');
    try {
      const load = client.load({
        parts: echoCallParts('legacy'),
        window: 1,
        limit: 5,
        check: checkEcho('something else'),
      });
      await expect(load).rejects.toThrow(/wrong echo/);
    } finally {
      await server.stop();
    }
  });
});
