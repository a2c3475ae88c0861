import { randomFillSync } from 'node:crypto';

/**
 * Random ids drawn from a pooled buffer: one `randomFillSync` per 4 KiB instead of one call
 * into the CSPRNG per id (each costs several µs, and the gateway makes two per call: the
 * trace id and the span id of the upstream `traceparent`). The bytes are still the CSPRNG's;
 * each is handed out once. Node's `randomUUID` pools the same way.
 * @module
 */

const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let offset = POOL_BYTES;

/** `bytes` fresh random bytes as lowercase hex (`bytes` at most 4096). */
export function randomHex(bytes: number): string {
  if (offset + bytes > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const hex = pool.toString('hex', offset, offset + bytes);
  offset += bytes;
  return hex;
}
