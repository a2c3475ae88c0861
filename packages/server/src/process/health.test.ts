import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { health } from './health.js';
import { runTypeScript } from './test-support/run-ts.js';

function capture() {
  const written: string[] = [];
  const exits: number[] = [];
  return {
    written,
    exits,
    out: { write: (chunk: string) => written.push(chunk) },
    exit: (code: number) => {
      exits.push(code);
    },
  };
}

describe('health', () => {
  it('prints ok and exits 0 when --health is present', () => {
    const probe = capture();
    health(['node', 'server.js', '--health'], probe.out, probe.exit);
    expect(probe.written).toStrictEqual(['ok\n']);
    expect(probe.exits).toStrictEqual([0]);
  });

  it('does nothing otherwise', () => {
    const probe = capture();
    health(['node', 'server.js', '--config', 'x.json', '--healthy'], probe.out, probe.exit);
    expect(probe.written).toStrictEqual([]);
    expect(probe.exits).toStrictEqual([]);
  });

  it('exits a real process before the server starts', async () => {
    const child = fileURLToPath(new URL('./test-support/health-child.ts', import.meta.url));
    const probed = await runTypeScript(child, ['--health']);
    expect(probed).toMatchObject({ code: 0, stdout: 'ok\n' });
    const normal = await runTypeScript(child);
    expect(normal).toMatchObject({ code: 0, stdout: 'started\n' });
  });
});
