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
 * The bytes an approval signs: the canonical JSON of the four fields and nothing
 * else, so extra properties of the caller's object cannot change the meaning.
 */
export function approvalMessage(contents: ApprovedContents): string {
  const { operation, slug, title, text } = contents;
  return canonicalJson({ operation, slug, title, text });
}

/** An operator's approval token: lowercase hex HMAC-SHA256 of the approval message. */
export function signApproval(key: string, contents: ApprovedContents): string {
  if (key.length === 0) throw new TypeError('signApproval: the approval key is empty');
  return createHmac('sha256', key).update(approvalMessage(contents), 'utf8').digest('hex');
}

/**
 * Whether `token` approves exactly `contents` under `key`. Constant-time compare;
 * an empty key approves nothing.
 */
export function verifyApproval(key: string, contents: ApprovedContents, token: string): boolean {
  if (key.length === 0 || !TOKEN_SHAPE.test(token)) return false;
  const expected = Buffer.from(signApproval(key, contents), 'hex');
  return timingSafeEqual(expected, Buffer.from(token, 'hex'));
}
