import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { ToolsetsOpenResult } from '@mcpforge/mcpl';
import { McplHost } from '@mcpforge/mcpl/host';
import { fromChildProcess } from '@mcpforge/wire';
import { describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const REGISTER = fileURLToPath(new URL('../../../test-support/ts-hooks/register.mjs', import.meta.url));

describe('mcpl-arcade main.ts as a stdio child process', () => {
  it('answers an MCPL host: handshake, a game opened, a play that hides play and pass, a clean exit', async () => {
    const child = spawn(process.execPath, ['--import', REGISTER, MAIN], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const host = new McplHost(fromChildProcess(child, { queueIncoming: false, requestTimeoutMs: 15_000 }), {
      clientInfo: { name: 'arcade-stdio', version: '0' },
    });
    const hello = await host.initialize();
    expect(hello.serverInfo).toEqual({ name: 'arcade', version: '1.0.0' });
    expect(Object.keys(hello.mcpl?.featureSets as object).sort()).toEqual(['arcade.events', 'arcade.tools']);
    const opened = await host.request<ToolsetsOpenResult>('toolsets/open', { toolset: 'game' });
    expect(opened.instance.visible).toEqual(['play', 'pass', 'resign']);
    const played = await host.callTool('play', { n: 2 });
    expect(played.content).toEqual([{ type: 'text', text: 'You took 2; 10 left' }]);
    expect(
      Object.keys((played['_meta'] as { 'mcpl/toolsetHints': { tools: object } })['mcpl/toolsetHints'].tools),
    ).toEqual(['play', 'pass']);
    const exited = once(child, 'exit');
    child.stdin?.end();
    const [code] = await exited;
    expect(code).toBe(0);
  }, 30_000);
});
