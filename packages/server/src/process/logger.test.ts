import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runTypeScript } from './test-support/run-ts.js';

const CHILD = fileURLToPath(new URL('./test-support/logger-child.ts', import.meta.url));

function lines(stderr: string): Array<Record<string, unknown>> {
  return stderr
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('createLogger (real child process)', () => {
  it('writes JSON lines to stderr only, with secrets redacted', async () => {
    const result = await runTypeScript(CHILD, [], { MCPFORGE_LOG_LEVEL: undefined });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    const records = lines(result.stderr);
    expect(records.map((record) => record['msg'])).toStrictEqual(['hello', 'request', 'failed']);
    expect(records[0]).toMatchObject({
      level: 'info',
      name: 'child',
      step: 'start',
      token: '[redacted]',
      nested: { password: '[redacted]' },
    });
    expect(records[1]).toMatchObject({ request: { headers: { 'x-api-key': '[redacted]', accept: 'json' } } });
    expect(records[2]).toMatchObject({ level: 'error', err: { message: 'boom' } });
    expect(typeof records[0]?.['time']).toBe('string');
    for (const secret of ['tok-123', 'pw-456', 'key-789']) expect(result.stderr).not.toContain(secret);
  });

  it('takes the level from MCPFORGE_LOG_LEVEL', async () => {
    const verbose = await runTypeScript(CHILD, [], { MCPFORGE_LOG_LEVEL: 'debug' });
    expect(lines(verbose.stderr).map((record) => record['msg'])).toContain('debug message');
    const quiet = await runTypeScript(CHILD, [], { MCPFORGE_LOG_LEVEL: 'error' });
    expect(lines(quiet.stderr).map((record) => record['msg'])).toStrictEqual(['failed']);
    const invalid = await runTypeScript(CHILD, [], { MCPFORGE_LOG_LEVEL: 'loud' });
    expect(lines(invalid.stderr)).toHaveLength(3);
    expect(invalid.stdout).toBe('');
  });
});
