import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { fromChildProcess } from '@mcpforge/wire';
import { describe, expect, it } from 'vitest';
import type { PushEventParams } from '../protocol/index.js';
import { McplHost } from './host-client.js';
import { requireBuilt } from './test-support/built.js';

const DEMO_MAIN = fileURLToPath(new URL('../server/test-support/demo-main.mjs', import.meta.url));

function start(mcpl: boolean) {
  requireBuilt('server/index.js');
  const child = spawn(process.execPath, [DEMO_MAIN], { stdio: ['pipe', 'pipe', 'inherit'] });
  const host = new McplHost(fromChildProcess(child, { queueIncoming: false, requestTimeoutMs: 10_000 }), {
    clientInfo: { name: 'own-host', version: '0' },
    ...(mcpl ? { grant: { effectiveCapabilities: ['tools', 'pushEvents'] } } : { mcpl: false as const }),
  });
  return { child, host };
}

describe('McplHost against our own MCPL server (createServer + serveMcplStdio) in a child process', () => {
  it('0.5 handshake and grant, a tool call whose push/event arrives while it is pending, a clean close', async () => {
    const { child, host } = start(true);
    const hello = await host.initialize();
    expect(hello.serverInfo.name).toBe('demo');
    expect(hello.dialect).toBe('0.5');
    expect(Object.keys(hello.mcpl?.featureSets as object).sort()).toEqual(['demo.events', 'demo.tools']);
    expect(hello.grantReceipt).toEqual({ accepted: true });
    expect((await host.listTools()).map((tool) => tool.name).sort()).toEqual(['echo', 'nudge']);
    let pending = true;
    const pushed = new Promise<PushEventParams>((resolve) =>
      host.once('pushEvent', (event) => {
        expect(pending).toBe(true);
        resolve(event);
      }),
    );
    const result = await host.callTool('nudge', { note: 'over stdio' });
    pending = false;
    expect(result.content).toEqual([{ type: 'text', text: 'pushed: {"accepted":true}' }]);
    expect((await pushed).payload.content).toEqual([{ type: 'text', text: 'over stdio' }]);
    const exited = once(child, 'exit');
    host.close();
    expect((await exited)[0]).toBe(0);
  });

  it('a plain MCP host over the same process sees a plain MCP server', async () => {
    const { child, host } = start(false);
    const hello = await host.initialize();
    expect(hello.capabilities['experimental']).toBeUndefined();
    await expect(host.callTool('echo', { text: 'mcp' })).resolves.toMatchObject({
      content: [{ type: 'text', text: 'mcp' }],
    });
    const nudged = await host.callTool('nudge', { note: 'x' });
    expect(nudged.isError).toBe(true);
    const exited = once(child, 'exit');
    host.close();
    expect((await exited)[0]).toBe(0);
  });
});
