import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runApprovalCommand } from './approval-command.js';
import { verifyApproval } from './domain/approval.js';

const env = { LIBRARY_APPROVAL_KEY: 'command-test-key-0123456789' };
const contents = {
  operation: 'create_draft',
  slug: 'spring-notes',
  title: 'Spring notes',
  text: 'First buds.',
};

describe('approval command', () => {
  it('prints a token that approves exactly the given contents', () => {
    const outcome = runApprovalCommand(
      ['--slug', 'spring-notes', '--title', 'Spring notes', '--text', 'First buds.'],
      env,
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.output).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyApproval(env.LIBRARY_APPROVAL_KEY, contents, outcome.output)).toBe(true);
    expect(verifyApproval(env.LIBRARY_APPROVAL_KEY, { ...contents, text: 'Other.' }, outcome.output)).toBe(
      false,
    );
  });

  it('prints the full call arguments with --json', () => {
    const outcome = runApprovalCommand(
      ['--slug', 'spring-notes', '--title', 'Spring notes', '--text', 'First buds.', '--json'],
      env,
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const args = JSON.parse(outcome.output) as typeof contents & { approval: string };
    expect(args).toMatchObject(contents);
    expect(verifyApproval(env.LIBRARY_APPROVAL_KEY, contents, args.approval)).toBe(true);
  });

  it('reads the text from a file byte for byte', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'approve-'));
    try {
      const file = join(dir, 'text.md');
      await writeFile(file, 'Line one.\nLine two.\n');
      const outcome = runApprovalCommand(['--slug', 'a', '--title', 'A', '--text-file', file], env);
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      const fileContents = {
        operation: 'create_draft',
        slug: 'a',
        title: 'A',
        text: 'Line one.\nLine two.\n',
      };
      expect(verifyApproval(env.LIBRARY_APPROVAL_KEY, fileContents, outcome.output)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['no key', ['--slug', 'a', '--title', 'A', '--text', 't'], {}, /LIBRARY_APPROVAL_KEY/],
    [
      'an empty key',
      ['--slug', 'a', '--title', 'A', '--text', 't'],
      { LIBRARY_APPROVAL_KEY: '' },
      /LIBRARY_APPROVAL_KEY/,
    ],
    ['no slug', ['--title', 'A', '--text', 't'], env, /--slug and --title/],
    ['a bad slug', ['--slug', 'Bad_Slug', '--title', 'A', '--text', 't'], env, /invalid slug/],
    ['no text', ['--slug', 'a', '--title', 'A'], env, /exactly one of/],
    [
      'a missing text file',
      ['--slug', 'a', '--title', 'A', '--text-file', '/nonexistent/t.md'],
      env,
      /ENOENT/,
    ],
    [
      'an unknown option',
      ['--slug', 'a', '--title', 'A', '--text', 't', '--key', 'k'],
      env,
      /Unknown option/,
    ],
  ])('refuses %s', (_case, argv, environment, message) => {
    const outcome = runApprovalCommand(argv, environment);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error).toMatch(message);
  });
});
