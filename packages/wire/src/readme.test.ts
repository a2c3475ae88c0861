import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { fromChildProcess } from './index.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const register = fileURLToPath(new URL('../../../test-support/ts-hooks/register.mjs', import.meta.url));
/** The example as a file, so the root type-check checks it; the test below keeps it equal to the README. */
const exampleFile = new URL('./test-support/readme-example.ts', import.meta.url);

/** The README's first TypeScript block, verbatim. */
function firstExample(): string {
  const match = /```ts\n([\s\S]*?)```/.exec(readme);
  if (!match?.[1]) throw new Error('README has no ts example');
  return match[1];
}

describe('README', () => {
  it('the first example is test-support/readme-example.ts, verbatim (so it is type-checked)', () => {
    expect(firstExample()).toBe(readFileSync(exampleFile, 'utf8'));
  });

  it('the first example runs as written: an echo server over stdio that exits when stdin ends', async () => {
    const script = fileURLToPath(exampleFile);
    const child = spawn(process.execPath, ['--import', register, script], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const connection = fromChildProcess(child, { requestTimeoutMs: 10_000 });
    const errors: Error[] = [];
    connection.on('error', (error) => errors.push(error));
    await expect(connection.request('anything', { a: [1, '\u2028'] })).resolves.toEqual({
      echoed: { a: [1, '\u2028'] },
    });
    connection.notify('ignored');
    await expect(connection.request('no-params')).resolves.toEqual({ echoed: null });
    child.stdin.write('not json\n');
    await expect(connection.request('after-bad-input')).resolves.toEqual({ echoed: null });
    // The example's answer to the bad line has id null: reported here as the peer's error.
    expect(errors.map((e) => (e as { code?: unknown }).code)).toEqual([-32700]);
    // stderr is another pipe: its line may arrive after the answer on stdout.
    await vi.waitFor(() => expect(stderr).toMatch(/^wire: Incoming message is not valid JSON/));
    connection.close();
    expect(await exited).toBe(0);
  }, 15_000);
});
