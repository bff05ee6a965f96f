import type { Random } from '../lib/seeded-random.js';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function word(random: Random): number {
  // next() is a 32-bit integer divided by 2^32, so this gives the integer back exactly.
  return Math.floor(random.next() * 4294967296) >>> 0;
}

function hex32(n: number): string {
  return HEX[n >>> 24] + HEX[(n >>> 16) & 0xff] + HEX[(n >>> 8) & 0xff] + HEX[n & 0xff];
}

/**
 * A version-4-shaped UUID drawn from the seeded generator: what randomUUID() gives the API,
 * but the same on every run with the same seed (the log must be reproducible).
 */
export function seededUuid(random: Random): string {
  const a = hex32(word(random));
  const b = hex32(((word(random) & 0xffff0fff) | 0x00004000) >>> 0);
  const c = hex32(((word(random) & 0x3fffffff) | 0x80000000) >>> 0);
  const d = hex32(word(random));
  return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${d}`;
}
