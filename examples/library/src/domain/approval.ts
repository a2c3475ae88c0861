import { createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalJson } from '@mcpforge/server';

/** Exactly what an operator approves: the operation (free text) and the full contents. */
export interface ApprovedContents {
  /** The operator's words for what is approved, e.g. "Create the spring notes draft". */
  readonly operation: string;
  readonly slug: string;
  readonly title: string;
  readonly text: string;
}

const TOKEN_SHAPE = /^[0-9a-f]{64}$/;

/**
 * Shortest approval key accepted: an HMAC key should not be guessable. The
 * server's config schema and the approve command both apply this one rule, so
 * the command never makes tokens under a key the server would refuse.
 */
export const MIN_APPROVAL_KEY_LENGTH = 16;

/**
 * What is wrong with an approval key, naming the fix; `undefined` when it is
 * long enough. Never includes the key itself.
 * @param name - how the caller knows the key, e.g. the environment variable
 */
export function approvalKeyProblem(key: string, name = 'the approval key'): string | undefined {
  if (key.length === 0) return `${name} is not set`;
  if (key.length < MIN_APPROVAL_KEY_LENGTH) {
    return `${name} has ${key.length} characters; use at least ${MIN_APPROVAL_KEY_LENGTH} (the server refuses a shorter approvalKey)`;
  }
  return undefined;
}

/**
 * The bytes an approval signs: the canonical JSON of the four fields and nothing
 * else, so extra properties of the caller's object cannot change the meaning.
 */
export function approvalMessage(contents: ApprovedContents): string {
  const { operation, slug, title, text } = contents;
  return canonicalJson({ operation, slug, title, text });
}

/** An operator's approval token: lowercase hex HMAC-SHA256 of the approval message. */
export function signApproval(key: string, contents: ApprovedContents): string {
  const problem = approvalKeyProblem(key);
  if (problem !== undefined) throw new TypeError(`signApproval: ${problem}`);
  return createHmac('sha256', key).update(approvalMessage(contents), 'utf8').digest('hex');
}

/**
 * Whether `token` approves exactly `contents` under `key`. Constant-time compare;
 * a key too short to sign with (an empty one included) approves nothing.
 */
export function verifyApproval(key: string, contents: ApprovedContents, token: string): boolean {
  if (approvalKeyProblem(key) !== undefined || !TOKEN_SHAPE.test(token)) return false;
  const expected = Buffer.from(signApproval(key, contents), 'hex');
  return timingSafeEqual(expected, Buffer.from(token, 'hex'));
}
