import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runApprovalCommand } from './approval-command.js';
import { MIN_APPROVAL_KEY_LENGTH, verifyApproval } from './domain/approval.js';

const env = { LIBRARY_APPROVAL_KEY: 'command-test-key-0123456789' };
const OPERATION = ['--operation', 'Create the spring notes draft'];
const contents = {
  operation: 'Create the spring notes draft',
  slug: 'spring-notes',
  title: 'Spring notes',
  text: 'First buds.',
};

describe('approval command', () => {
  it('prints a token that approves exactly the given contents', () => {
    const outcome = runApprovalCommand(
      [...OPERATION, '--slug', 'spring-notes', '--title', 'Spring notes', '--text', 'First buds.'],
      env,
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.output).toMatch(/^[0-9a-f]{64}$/);
    expect(
      verifyApproval(env.LIBRARY_APPROVAL_KEY, { ...contents, operation: 'create_draft' }, outcome.output),
    ).toBe(false);
    expect(verifyApproval(env.LIBRARY_APPROVAL_KEY, contents, outcome.output)).toBe(true);
    expect(verifyApproval(env.LIBRARY_APPROVAL_KEY, { ...contents, text: 'Other.' }, outcome.output)).toBe(
      false,
    );
  });

  it('approves an 80-character slug and any operation text the server accepts', () => {
    const slug = `${'a'.repeat(39)}-${'b'.repeat(40)}`;
    const operation = 'o'.repeat(120);
    const outcome = runApprovalCommand(
      ['--operation', operation, '--slug', slug, '--title', 'T', '--text', 't', '--json'],
      env,
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(JSON.parse(outcome.output)).toMatchObject({ operation, slug });
  });

  it('refuses a key the server would refuse (shorter than 16 characters), naming the rule', () => {
    const args = [...OPERATION, '--slug', 'a', '--title', 'A', '--text', 't'];
    const short = runApprovalCommand(args, { LIBRARY_APPROVAL_KEY: 'k'.repeat(MIN_APPROVAL_KEY_LENGTH - 1) });
    expect(short).toEqual({
      ok: false,
      error:
        'LIBRARY_APPROVAL_KEY has 15 characters; use at least 16 (the server refuses a shorter approvalKey)',
    });
    const enough = runApprovalCommand(args, { LIBRARY_APPROVAL_KEY: 'k'.repeat(MIN_APPROVAL_KEY_LENGTH) });
    expect(enough.ok).toBe(true);
  });

  it('prints the full call arguments with --json', () => {
    const outcome = runApprovalCommand(
      [...OPERATION, '--slug', 'spring-notes', '--title', 'Spring notes', '--text', 'First buds.', '--json'],
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
      const outcome = runApprovalCommand(
        [...OPERATION, '--slug', 'a', '--title', 'A', '--text-file', file],
        env,
      );
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      const fileContents = {
        operation: 'Create the spring notes draft',
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
    ['no key', [...OPERATION, '--slug', 'a', '--title', 'A', '--text', 't'], {}, /LIBRARY_APPROVAL_KEY/],
    [
      'an empty key',
      [...OPERATION, '--slug', 'a', '--title', 'A', '--text', 't'],
      { LIBRARY_APPROVAL_KEY: '' },
      /LIBRARY_APPROVAL_KEY/,
    ],
    ['no operation', ['--slug', 'a', '--title', 'A', '--text', 't'], env, /--operation, --slug and --title/],
    ['no slug', [...OPERATION, '--title', 'A', '--text', 't'], env, /--operation, --slug and --title/],
    [
      'a bad slug',
      [...OPERATION, '--slug', 'Bad_Slug', '--title', 'A', '--text', 't'],
      env,
      /slug must be 1-80 lowercase/,
    ],
    [
      'a slug of 81 characters',
      [...OPERATION, '--slug', 'a'.repeat(81), '--title', 'A', '--text', 't'],
      env,
      /slug must be 1-80/,
    ],
    [
      'an operation of 121 characters',
      ['--operation', 'o'.repeat(121), '--slug', 'a', '--title', 'A', '--text', 't'],
      env,
      /operation must be 1-120 characters \(it has 121\)/,
    ],
    [
      'an empty title',
      [...OPERATION, '--slug', 'a', '--title', '', '--text', 't'],
      env,
      /title must be 1-200 characters/,
    ],
    ['no text', [...OPERATION, '--slug', 'a', '--title', 'A'], env, /exactly one of/],
    [
      'a missing text file',
      [...OPERATION, '--slug', 'a', '--title', 'A', '--text-file', '/nonexistent/t.md'],
      env,
      /ENOENT/,
    ],
    [
      'an unknown option',
      [...OPERATION, '--slug', 'a', '--title', 'A', '--text', 't', '--key', 'k'],
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
