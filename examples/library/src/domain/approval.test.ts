import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  approvalKeyProblem,
  approvalMessage,
  MIN_APPROVAL_KEY_LENGTH,
  signApproval,
  verifyApproval,
} from './approval.js';

const key = 'operator-secret-key-0123456789';
const contents = {
  operation: 'Create the spring draft',
  slug: 'spring-notes',
  title: 'Spring',
  text: 'Buds.',
};

describe('approval', () => {
  it('signs the sorted-key JSON of exactly the four fields, the free-text operation included', () => {
    expect(approvalMessage({ ...contents, extra: 'ignored' } as typeof contents)).toBe(
      '{"operation":"Create the spring draft","slug":"spring-notes","text":"Buds.","title":"Spring"}',
    );
    const independent = createHmac('sha256', key)
      .update('{"operation":"Create the spring draft","slug":"spring-notes","text":"Buds.","title":"Spring"}')
      .digest('hex');
    expect(signApproval(key, contents)).toBe(independent);
  });

  it('accepts its own token', () => {
    expect(verifyApproval(key, contents, signApproval(key, contents))).toBe(true);
  });

  it.each([
    ['slug', { ...contents, slug: 'other' }],
    ['title', { ...contents, title: 'Spring!' }],
    ['text', { ...contents, text: 'Buds. ' }],
    ['operation', { ...contents, operation: 'Publish the spring draft' }],
    ['operation by one space', { ...contents, operation: 'Create the spring draft ' }],
  ])('refuses a token when the %s changed', (_field, changed) => {
    expect(verifyApproval(key, changed, signApproval(key, contents))).toBe(false);
  });

  it('refuses a token made with another key', () => {
    expect(verifyApproval(key, contents, signApproval('another-key-0123456789', contents))).toBe(false);
  });

  it('refuses malformed and tampered tokens', () => {
    const token = signApproval(key, contents);
    const flipped = (token[0] === 'a' ? 'b' : 'a') + token.slice(1);
    expect(verifyApproval(key, contents, flipped)).toBe(false);
    expect(verifyApproval(key, contents, token.toUpperCase())).toBe(false);
    expect(verifyApproval(key, contents, token.slice(0, 63))).toBe(false);
    expect(verifyApproval(key, contents, '')).toBe(false);
  });

  it('approves nothing with an empty key', () => {
    const emptyKeyToken = createHmac('sha256', '').update(approvalMessage(contents)).digest('hex');
    expect(verifyApproval('', contents, emptyKeyToken)).toBe(false);
    expect(() => signApproval('', contents)).toThrow(TypeError);
  });

  it('neither signs nor verifies under a key shorter than the server accepts', () => {
    const short = 'k'.repeat(MIN_APPROVAL_KEY_LENGTH - 1);
    const shortKeyToken = createHmac('sha256', short).update(approvalMessage(contents)).digest('hex');
    expect(verifyApproval(short, contents, shortKeyToken)).toBe(false);
    expect(() => signApproval(short, contents)).toThrow(/has 15 characters; use at least 16/);
    const enough = 'k'.repeat(MIN_APPROVAL_KEY_LENGTH);
    expect(verifyApproval(enough, contents, signApproval(enough, contents))).toBe(true);
  });

  it.each([
    ['', 'the approval key is not set'],
    [
      'k'.repeat(15),
      'the approval key has 15 characters; use at least 16 (the server refuses a shorter approvalKey)',
    ],
    ['k'.repeat(16), undefined],
  ])('approvalKeyProblem(%j) names the fix', (key, problem) => {
    expect(approvalKeyProblem(key)).toBe(problem);
  });
});
