import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fromChildProcess } from '@mcpforge/wire';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PushEventParams } from '../protocol/index.js';
import { McplHost } from './host-client.js';
import { PACKAGE_DIR, requireBuilt } from './test-support/built.js';

// The real peer from the npm registry; its @animalabs/mcpl-core is our compat-shim (package.json).
const require = createRequire(join(PACKAGE_DIR, 'package.json'));
const HEARTBEAT_DIR = dirname(require.resolve('@animalabs/heartbeat-mcpl/package.json'));
const HEARTBEAT_MAIN = join(HEARTBEAT_DIR, 'dist', 'src', 'index.js');

let folder: string;
let child: ChildProcess | undefined;
let stderr: string;

function startHeartbeat(): McplHost {
  requireBuilt('compat/index.js');
  child = spawn(process.execPath, [HEARTBEAT_MAIN, '--stdio'], {
    cwd: folder,
    env: {
      ...process.env,
      HEARTBEAT_CONFIG_FILE: join(folder, 'heartbeat-config.json'),
      HEARTBEAT_REMINDERS_FILE: join(folder, 'heartbeat-reminders.json'),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new McplHost(fromChildProcess(child, { queueIncoming: false, requestTimeoutMs: 10_000 }), {
    clientInfo: { name: 'mcpforge-test-host', version: '0.0.0' },
  });
}

function nextPush(host: McplHost): Promise<PushEventParams> {
  return new Promise((resolve) => host.once('pushEvent', resolve));
}

describe('@animalabs/heartbeat-mcpl@0.1.3 (a real MCPL peer) on our compat module, driven by McplHost', () => {
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'mcpl-heartbeat-'));
  });
  afterEach(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill();
    child = undefined;
    rmSync(folder, { recursive: true, force: true });
  });

  it('the peer really imports @animalabs/mcpl-core, and it resolves to our shim', () => {
    const source = readFileSync(HEARTBEAT_MAIN, 'utf8');
    expect(source).toContain("from '@animalabs/mcpl-core'");
    const peerRequire = createRequire(HEARTBEAT_MAIN);
    expect(peerRequire.resolve('@animalabs/mcpl-core')).toBe(join(PACKAGE_DIR, 'compat-shim', 'index.js'));
  });

  it('handshakes in its 0.4 dialect, lists and calls tools, pushes while a call is pending, fires a reminder, closes cleanly', async () => {
    const host = startHeartbeat();
    const hello = await host.initialize();
    expect(hello.serverInfo.name).toBe('heartbeat-mcpl');
    expect(hello.protocolVersion).toBe('2024-11-05');
    expect(hello.dialect).toBe('0.4');
    expect(hello.mcpl?.pushEvents).toBe(true);
    expect(hello.mcpl?.featureSets).toEqual([
      expect.objectContaining({ name: 'heartbeat', uses: ['tools'] }),
    ]);
    expect(hello.grantReceipt).toBeUndefined(); // 0.4: the grant went as a notification
    expect(host.grant?.effectiveCapabilities).toEqual(expect.arrayContaining(['pushEvents', 'tools']));

    const tools = await host.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'heartbeat_configure',
      'heartbeat_status',
      'heartbeat_trigger',
      'reminder_add',
      'reminder_cancel',
      'reminder_list',
    ]);

    // heartbeat_trigger writes its push/event request before the tools/call response: the
    // push arrives while our call is pending and both complete.
    const order: string[] = [];
    const pushed = nextPush(host).then((event) => {
      order.push('push');
      return event;
    });
    const called = host.callTool('heartbeat_trigger').then((result) => {
      order.push('call');
      return result;
    });
    const [event, result] = await Promise.all([pushed, called]);
    expect(order).toEqual(['push', 'call']);
    expect(result.isError).toBeUndefined();
    expect(event.featureSet).toBe('heartbeat');
    expect(event.origin).toEqual({ source: 'heartbeat', reason: expect.any(String) });
    expect(event.payload.content[0]).toMatchObject({ type: 'text' });
    // Our answer reached the peer: it logs the push response on stderr.
    await expect.poll(() => stderr, { timeout: 5000 }).toContain('push response: {"accepted":true}');

    // A reminder due now fires at once as a push/event with its id in the origin.
    const reminderPush = nextPush(host);
    const added = await host.callTool('reminder_add', {
      message: 'stand up',
      atIso: new Date(Date.now() - 1000).toISOString(),
    });
    expect(added.isError).toBeUndefined();
    const reminder = await reminderPush;
    expect(reminder.origin).toMatchObject({ source: 'reminder', recurring: false });
    expect(reminder.payload.content).toEqual([{ type: 'text', text: 'stand up' }]);
    const config = JSON.parse(readFileSync(join(folder, 'heartbeat-reminders.json'), 'utf8'));
    expect(Array.isArray(config)).toBe(true);

    // An unknown method gets the peer's -32601 through our connection.
    await expect(host.request('branches/list', {})).rejects.toMatchObject({ code: -32601 });

    // Clean close: we release its stdin, the peer's connection (our compat) ends and it exits 0.
    const exited = once(child as ChildProcess, 'exit');
    host.close();
    const [code] = await exited;
    expect(code).toBe(0);
    expect(stderr).not.toContain('fatal');
    expect(stderr).not.toContain('connection error');
  });
});
