import { randomBytes, randomFillSync } from 'node:crypto';

/** Bytes fetched from the CSPRNG at once; Node's randomUUID keeps a similar store. */
const POOL_BYTES = 4096;
/** Larger asks are rare (a data key is 32 bytes): they go straight to the CSPRNG. */
const MAX_POOLED = 64;

let pool = Buffer.alloc(0);
let offset = 0;

/**
 * `size` bytes from the operating system's CSPRNG, as crypto.randomBytes, taken from a page fetched
 * in one call. Under load a lone randomBytes call cost this API 8 to 30 µs (a cache-cold trip
 * through OpenSSL's generator), and a request made two or three (its XSRF cookie, its
 * read-your-writes token's nonce, an event's IV): more than the encryption they were for. Each
 * byte is handed out once, and the page is wiped as it is handed out.
 */
export function secureRandomBytes(size: number): Buffer {
  if (!Number.isInteger(size) || size < 0) throw new RangeError(`secureRandomBytes: size must be a non-negative integer, got ${size}`);
  if (size > MAX_POOLED) return randomBytes(size);
  if (offset + size > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafeSlow(POOL_BYTES));
    offset = 0;
  }
  const out = Buffer.from(pool.subarray(offset, offset + size));
  pool.fill(0, offset, offset + size);
  offset += size;
  return out;
}
