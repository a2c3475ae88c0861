import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { manifestDigest } from './manifest/digest.js';

const run = promisify(execFile);
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const register = fileURLToPath(new URL('../../../test-support/ts-hooks/register.mjs', import.meta.url));
/** The example as a file, so the root type-check checks it; the test keeps it equal to the README. */
const exampleFile = new URL('./test-support/readme-example.ts', import.meta.url);

function firstExample(): string {
  const match = /```ts\n([\s\S]*?)```/.exec(readme);
  if (!match?.[1]) throw new Error('README has no ts example');
  return match[1];
}

describe('README', () => {
  it('the first example is test-support/readme-example.ts, verbatim (so it is type-checked)', () => {
    expect(firstExample()).toBe(readFileSync(exampleFile, 'utf8'));
  });

  it('the first example runs as written and prints what the README says', async () => {
    const { stdout } = await run(process.execPath, ['--import', register, fileURLToPath(exampleFile)], {
      timeout: 15_000,
    });
    const next = {
      version: '0.5',
      pushEvents: true,
      channels: { register: true, publish: true },
      featureSets: { chat: { description: 'Chat', uses: ['pushEvents', 'channels.publish'] } },
      modelInfo: true,
    };
    expect(stdout.split('\n')).toEqual([
      'pushEvents channels.register channels.publish',
      'true',
      "[ 'chat' ]",
      `mcpl/manifestChanged {"revision":"${manifestDigest(next)}","domains":["capabilities"]}`,
      'mcpl/manifest true',
      '',
    ]);
  });
});
