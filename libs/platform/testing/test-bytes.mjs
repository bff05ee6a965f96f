// Deterministic test inputs shared by the Node suites and the browser specs (plain JS, so both
// can import it): the same seed gives the same bytes on every run.
import { deflateSync } from 'node:zlib';

/** xorshift32 noise: tiny, fast, and enough to defeat JPEG/PNG compression (size follows pixels). */
export function seededBytes(length, seed = 1) {
  let x = seed >>> 0 || 0x9e3779b9;
  const out = Buffer.allocUnsafe(length);
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/**
 * A valid PNG declaring width x height pixels of black, built by hand so no decoder has to hold
 * them: a few hundred KB that inflate to hundreds of MB. Fast deflate (level 1) on purpose: it
 * compresses zeros less, so the 1,000,000 x 100 bomb is a file of realistic size (~1.3 MB).
 */
export function pngBomb(width = 1_000_000, height = 100) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  const idat = deflateSync(Buffer.alloc((1 + width * 3) * height), { level: 1 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
