import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callTool,
  jsonOf,
  runCli,
  startTestGateway,
  type TestGateway,
} from '../admin/test-support/test-gateway.js';
import { freePort } from '../test-support/free-port.js';

/**
 * A mock upstream on this machine, set up with the CLI alone: Prism serves the petstore on
 * loopback, `hosts add --allow-loopback` lets the gateway call it, an operation made from flags
 * is published with `--all`, an agent made and published, a key made, and a tools/call goes
 * through the gateway to Prism, which checks the request against the document.
 */

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const prismBin = join(repoRoot, 'node_modules/.bin/prism');
const examples = dirname(createRequire(import.meta.url).resolve('@readme/oas-examples/package.json'));
const PETSTORE = join(examples, '3.0/json/petstore.json');

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('a local Prism upstream, from the CLI without curl', { timeout: 180_000 }, () => {
  let gateway: TestGateway;
  let prism: ChildProcess;
  let output = '';
  let origin: string;
  beforeAll(async () => {
    const port = await freePort();
    prism = spawn(prismBin, ['mock', PETSTORE, '-h', '127.0.0.1', '-p', String(port)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      if (output.length < 1_000_000) output += chunk.toString();
    };
    prism.stdout?.on('data', keep);
    prism.stderr?.on('data', keep);
    gateway = await startTestGateway();
    const deadline = Date.now() + 120_000;
    while (!(await portOpen(port))) {
      if (prism.exitCode !== null) throw new Error(`prism exited (${prism.exitCode}): ${output}`);
      if (Date.now() > deadline) throw new Error(`prism did not listen within 120 s: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    origin = `http://127.0.0.1:${port}`;
  }, 180_000);
  afterAll(async () => {
    await gateway?.stop();
    if (prism !== undefined && prism.exitCode === null) {
      const exited = new Promise((resolve) => prism.once('exit', resolve));
      prism.kill('SIGTERM');
      await exited;
    }
  });

  it('hosts add --allow-loopback, operations create + publish --all, agents create --publish, keys create, one call Prism accepts', async () => {
    const env = { MCPFORGE_ADMIN_KEY: gateway.adminKey, MCPFORGE_GATEWAY_URL: gateway.origin };
    const cli = async (...args: string[]) => {
      const run = await runCli(['gateway', ...args, '--workspace', 'default'], env);
      expect([run.code, run.stderr], args.join(' ')).toEqual([0, '']);
      return run;
    };
    await cli('hosts', 'add', new URL(origin).host, '--allow-loopback');
    await cli(
      'operations',
      'create',
      'get-order',
      '--description',
      'Reads one order of the petstore by its id.',
      '--method',
      'GET',
      '--base-url',
      origin,
      '--path',
      '/store/order/{orderId}',
    );
    const published = await cli('operations', 'publish', '--all');
    expect(published.stdout).toContain('  get-order  v1\n');
    await cli('agents', 'create', 'petstore', '--operation', 'get-order', '--publish');
    const key = jsonOf(await cli('keys', 'create', '--type', 'mcp_client', '--agent', 'petstore', '--json'));

    const from = output.length;
    const result = await callTool(`${gateway.origin}/mcp/v1/default/petstore`, key.value, 'get_order', {
      orderId: '5',
    });
    expect(result.isError, JSON.stringify(result)).not.toBe(true);
    // Prism logs its validator's verdict on the request (the log may trail the answer).
    const deadline = Date.now() + 10_000;
    const verdict = () =>
      /passed the validation rules|did not pass the validation rules/.test(output.slice(from));
    while (!verdict() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(output.slice(from)).toMatch(/get \/store\/order\/5/i);
    expect(output.slice(from)).toContain('The request passed the validation rules');
    expect(output.slice(from)).not.toContain('Request did not pass the validation rules');
  });
});
