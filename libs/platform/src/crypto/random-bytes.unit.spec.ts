import { secureRandomBytes } from './random-bytes.js';

describe('secureRandomBytes', () => {
  it('gives the size asked, pooled or not', () => {
    for (const size of [0, 1, 12, 32, 64, 65, 4096]) expect(secureRandomBytes(size)).toHaveLength(size);
  });

  it('never hands out the same bytes twice, across page refills', () => {
    // 2,000 nonces of 12 bytes span several 4 KB pages; a repeat of 96 random bits would mean reuse.
    const seen = new Set<string>();
    for (let i = 0; i < 2_000; i++) seen.add(secureRandomBytes(12).toString('hex'));
    expect(seen.size).toBe(2_000);
  });

  it('returns buffers of their own: changing one leaves the next untouched', () => {
    const a = secureRandomBytes(16);
    const b = secureRandomBytes(16);
    a.fill(0);
    expect(b.equals(Buffer.alloc(16))).toBe(false);
    expect(a.buffer === b.buffer && a.byteOffset === b.byteOffset).toBe(false);
  });

  it('refuses a size that is not a whole number of bytes', () => {
    expect(() => secureRandomBytes(-1)).toThrow(RangeError);
    expect(() => secureRandomBytes(1.5)).toThrow(RangeError);
  });
});
