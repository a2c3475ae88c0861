import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const register = fileURLToPath(new URL('../../../../test-support/ts-hooks/register.mjs', import.meta.url));
const writer = fileURLToPath(new URL('../test-support/stdout-writer.ts', import.meta.url));

describe('fromStreams(process.stdin, process.stdout) in a real process', () => {
  it('a write to a closed stdout pipe (EPIPE) is an error event then close, never a crash', async () => {
    const child = spawn(process.execPath, ['--import', register, writer], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    // Once the first message arrives, stop reading: the child's next writes hit a closed pipe.
    await new Promise((resolve) => child.stdout.once('data', resolve));
    child.stdout.destroy();
    const code = await Promise.race([
      exited,
      new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 10_000)),
    ]);
    if (code === 'still running') child.kill();
    expect(stderr.split('\n').filter(Boolean)).toEqual(['error EPIPE', 'close']);
    expect(code).toBe(0);
  }, 15_000);
});
