import { randomBytes } from 'node:crypto';

/** Crockford's base32 alphabet: no I, L, O or U, so an id read aloud or retyped stays right. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** What every approval id looks like: the prefix and 26 base32 characters (128 random bits). */
export const APPROVAL_ID_PATTERN = /^approval_[0-9A-HJKMNP-TV-Z]{26}$/;

/** A new approval id: `approval_` + 128 random bits in 26 characters of Crockford base32. */
export function newApprovalId(): string {
  let value = BigInt(`0x${randomBytes(16).toString('hex')}`);
  const chars: string[] = new Array(26);
  for (let i = 25; i >= 0; i--) {
    chars[i] = ALPHABET[Number(value & 31n)] as string;
    value >>= 5n;
  }
  return `approval_${chars.join('')}`;
}

/** Whether `id` can be an approval id (checked before any lookup, so junk never reaches SQL). */
export function isApprovalId(id: string): boolean {
  return APPROVAL_ID_PATTERN.test(id);
}
