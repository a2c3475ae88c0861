import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE, type RawChild, spawnFixture } from './test-support/spawn-fixture.js';

const children: RawChild[] = [];
function start(env?: Record<string, string>): RawChild {
  const child = spawnFixture(env);
  children.push(child);
  return child;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

const initialize = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

describe('run() over real stdio', () => {
  it('answers --health with ok before building anything', () => {
    const result = spawnSync(process.execPath, [FIXTURE, '--health'], { encoding: 'utf8', timeout: 10_000 });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('ok\n');
  });

  it('keeps stdout to protocol only, hides handler errors behind an id logged on stderr', async () => {
    const child = start();
    child.send(initialize);
    child.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    child.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'boom', arguments: {} } });
    child.send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'alive' } },
    });
    const boom = await child.waitFor((m) => m['id'] === 1);
    const error = boom['error'] as { code: number; message: string; data: { errorId: string } };
    expect([error.code, error.message]).toEqual([-32603, 'Internal error']);
    expect(await child.waitFor((m) => m['id'] === 2)).toMatchObject({
      result: { content: [{ text: 'alive' }] },
    });
    expect(JSON.stringify(child.messages)).not.toContain('secret');
    await expect.poll(() => child.stderr()).toContain(error.data.errorId);
    expect(child.stderr()).toContain('secret detail');
    expect(child.garbage).toEqual([]);
  });

  it('answers a probe with patterns and never runs the side effect', async () => {
    const child = start();
    child.send(initialize);
    child.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'write_file',
        arguments: { path: 'a.txt', content: 'hi' },
        _meta: { 'forge.permission_patterns': true },
      },
    });
    expect(await child.waitFor((m) => m['id'] === 1)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [], _meta: { 'forge.patterns': ['write:a.txt'], 'forge.always': [] } },
    });
    child.child.stdin?.end();
    expect(await child.exited).toBe(0);
    expect(child.stderr()).not.toContain('side effect ran');
  });

  it('on SIGTERM lets the in-flight call finish and answer, then exits 0', async () => {
    const child = start();
    child.send(initialize);
    await child.waitFor((m) => m['id'] === 0);
    child.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'sleep', arguments: { ms: 300 } },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    child.child.kill('SIGTERM');
    expect(await child.waitFor((m) => m['id'] === 1)).toMatchObject({
      result: { content: [{ text: 'slept 300' }] },
    });
    expect(await child.exited).toBe(0);
    expect(child.stderr()).toContain('SIGTERM');
  });

  it('exits when stdin ends, after a bounded grace for calls still running', async () => {
    const child = start({ FIXTURE_GRACE_MS: '100' });
    child.send(initialize);
    await child.waitFor((m) => m['id'] === 0);
    child.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'wait_for_cancel', arguments: {} },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    child.child.stdin?.end();
    expect(await child.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(child.stderr()).toContain('wait_for_cancel: aborted');
  });

  it('answers an async call whose input ended while it ran (issue 8, defect 5: answers lost at stdin EOF)', () => {
    // `echo '<request>' | node main.js`: stdin ends right after the one line.
    const request = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'sleep',
        arguments: { ms: 100 },
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    };
    const result = spawnSync(process.execPath, [FIXTURE], {
      input: `${JSON.stringify(request)}\n`,
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(result.status).toBe(0);
    const lines = result.stdout.split('\n').filter((line) => line !== '');
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        result: expect.objectContaining({
          resultType: 'complete',
          content: [{ type: 'text', text: 'slept 100' }],
        }),
      },
    ]);
  });

  it('writes every in-flight answer after stdin ends, in the order they finish, then exits 0', async () => {
    const child = start();
    child.send(initialize);
    await child.waitFor((m) => m['id'] === 0);
    for (const [id, ms] of [
      [1, 150],
      [2, 50],
    ]) {
      child.send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'sleep', arguments: { ms } } });
    }
    child.child.stdin?.end();
    expect(await child.exited).toBe(0);
    expect(child.messages.map((m) => (m as { id?: unknown }).id)).toEqual([0, 2, 1]);
    expect(child.messages.at(-1)).toMatchObject({ result: { content: [{ text: 'slept 150' }] } });
  });

  it('serves modern requests statelessly and cancels them with notifications/cancelled', async () => {
    const child = start();
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    child.send({ jsonrpc: '2.0', id: 'd', method: 'server/discover', params: { _meta: meta } });
    expect(await child.waitFor((m) => m['id'] === 'd')).toMatchObject({
      result: { resultType: 'complete', supportedVersions: ['2026-07-28'] },
    });
    child.send({
      jsonrpc: '2.0',
      id: 'w',
      method: 'tools/call',
      params: { name: 'wait_for_cancel', _meta: meta },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    child.send({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 'w', _meta: meta },
    });
    child.send({ jsonrpc: '2.0', id: 'p', method: 'tools/list', params: { _meta: meta } });
    await child.waitFor((m) => m['id'] === 'p');
    await expect.poll(() => child.stderr()).toContain('wait_for_cancel: aborted');
    expect(child.messages.some((m) => (m as { id?: unknown }).id === 'w')).toBe(false);
  });
});

describe('notifications over real stdio', () => {
  it('sends list_changed and resources/updated to the legacy session, and serves a modern listen', async () => {
    const child = start();
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    child.send(initialize);
    await child.waitFor((m) => m['id'] === 0);
    child.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'resources/subscribe',
      params: { uri: 'test://static-text' },
    });
    child.send({
      jsonrpc: '2.0',
      id: 'listen',
      method: 'subscriptions/listen',
      params: { notifications: { toolsListChanged: true }, _meta: meta },
    });
    const ack = await child.waitFor((m) => m['method'] === 'notifications/subscriptions/acknowledged');
    expect(ack['params']).toEqual({
      notifications: { toolsListChanged: true },
      _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen' },
    });
    child.send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'register_tool', arguments: { name: 'fresh' } },
    });
    await child.waitFor((m) => m['id'] === 2);
    const changed = child.messages.filter(
      (m) => (m as { method?: string }).method === 'notifications/tools/list_changed',
    ) as Array<{ params?: unknown }>;
    expect(changed).toEqual([
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
      {
        jsonrpc: '2.0',
        method: 'notifications/tools/list_changed',
        params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen' } },
      },
    ]);
    expect(await child.waitFor((m) => m['method'] === 'notifications/resources/updated')).toMatchObject({
      params: { uri: 'test://static-text' },
    });
    child.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'fresh', arguments: {} } });
    expect(await child.waitFor((m) => m['id'] === 3)).toMatchObject({
      result: { content: [{ text: 'I am fresh' }] },
    });
    child.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'listen' } });
    expect(await child.waitFor((m) => m['id'] === 'listen')).toMatchObject({
      result: { resultType: 'complete', _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen' } },
    });
  });
});
