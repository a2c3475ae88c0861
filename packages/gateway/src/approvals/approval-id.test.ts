import { expect, it } from 'vitest';
import { isApprovalId, newApprovalId } from './approval-id.js';

it('approval ids are the prefix and 26 Crockford base32 characters, all different', () => {
  const ids = Array.from({ length: 1000 }, newApprovalId);
  for (const id of ids) expect(isApprovalId(id), id).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
  // 128 bits in 26 characters: the first carries the top 3 bits only.
  expect(ids.every((id) => '01234567'.includes(id.charAt(9)))).toBe(true);
  for (const bad of [
    'approval_',
    `approval_${'I'.repeat(26)}`,
    `approval_${'0'.repeat(25)}`,
    `Approval_${'0'.repeat(26)}`,
  ]) {
    expect(isApprovalId(bad)).toBe(false);
  }
});
