import sharp from 'sharp';
import { pngBomb, seededBytes } from '../../../../../libs/platform/testing/test-bytes.mjs';

export { pngBomb, seededBytes };

/**
 * Real encoded images for tests, all deterministic: the same seed gives the same bytes on every
 * run, so a test that passes once passes always. Noise does not compress, so the file size follows
 * the pixel count.
 */
export async function noiseImage(format: 'jpeg' | 'png' | 'webp', width: number, height: number, seed = 1): Promise<Buffer> {
  const img = sharp(seededBytes(width * height * 3, seed), { raw: { width, height, channels: 3 } });
  if (format === 'jpeg') return img.jpeg({ quality: 90 }).toBuffer();
  if (format === 'png') return img.png().toBuffer();
  return img.webp({ quality: 90 }).toBuffer();
}

/**
 * A 900x1200 photo: enough pixels to print at 30x40 cm (76 ppi, over the 72 a custom poster
 * needs; a sharp 150 ppi print would want 1772x2362), and over 500 KB, a size that once mattered.
 */
export async function bigJpeg(): Promise<Buffer> {
  return noiseImage('jpeg', BIG_JPEG.width, BIG_JPEG.height);
}
export const BIG_JPEG = { width: 900, height: 1200 } as const;

export async function smallPng(): Promise<Buffer> {
  return noiseImage('png', 40, 60);
}

/** A noise JPEG carrying EXIF with a GPS position (Cairo) and an orientation tag (rotate 90° on display). */
export async function jpegWithGpsAndRotation(width: number, height: number): Promise<Buffer> {
  return sharp(seededBytes(width * height * 3, 7), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 2/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '31/1 14/1 0/1' } })
    .toBuffer();
}

/** True when a TIFF/EXIF block (as sharp's metadata().exif gives it) points to a GPS IFD (tag 0x8825). */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const le = tiff.subarray(0, 2).toString('latin1') === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd0 = u32(4);
  const entries = u16(ifd0);
  for (let i = 0; i < entries; i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

/**
 * The JPEG cut in the middle of its entropy-coded scan: every marker up to and including SOS is
 * intact (so the header reads fine) but half the scan data is gone, so decoding cannot finish.
 */
export function cutInsideScan(jpeg: Buffer): Buffer {
  let sos = -1;
  for (let i = 2; i + 3 < jpeg.length; ) {
    if (jpeg[i] !== 0xff) throw new Error(`not a marker at ${i}`);
    const marker = jpeg[i + 1];
    const length = jpeg.readUInt16BE(i + 2);
    if (marker === 0xda) {
      sos = i + 2 + length;
      break;
    }
    i += 2 + length;
  }
  if (sos < 0) throw new Error('no SOS marker');
  return jpeg.subarray(0, sos + Math.floor((jpeg.length - sos) / 2));
}

const u24 = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff]);
function riffChunk(type: string, data: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(type, 0, 'latin1');
  header.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/**
 * An animated WebP of `frames` copies of one small still, assembled chunk by chunk (VP8X with the
 * animation flag, ANIM, one ANMF per frame) as the 2,000-frame file was: sharp writes
 * no animation from raw pixels.
 */
export async function animatedWebp(frames: number, side = 32): Promise<Buffer> {
  // One flat colour: tiny frames, so even a many-megapixel animation is a small file (as bombs are).
  const still = await sharp({ create: { width: side, height: side, channels: 3, background: '#336699' } }).webp({ quality: 80 }).toBuffer();
  const vp8 = still.subarray(12); // the still's own chunk ('VP8 ' with its header)
  const vp8x = riffChunk('VP8X', Buffer.concat([Buffer.from([0x02, 0, 0, 0]), u24(side - 1), u24(side - 1)]));
  const anim = riffChunk('ANIM', Buffer.from([0, 0, 0, 0, 0, 0]));
  const frame = riffChunk('ANMF', Buffer.concat([u24(0), u24(0), u24(side - 1), u24(side - 1), u24(40), Buffer.from([0]), vp8]));
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), vp8x, anim, ...Array.from({ length: frames }, () => frame)]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

/** A PNG with an acTL chunk after IHDR: an APNG, which plain decoders show as its first frame. */
export async function apng(width: number, height: number): Promise<Buffer> {
  const png = await noiseImage('png', width, height, 9);
  const ihdrEnd = 8 + 8 + 13 + 4;
  const data = Buffer.alloc(8);
  data.writeUInt32BE(2, 0); // frames
  const chunk = Buffer.concat([Buffer.alloc(4), Buffer.from('acTL', 'latin1'), data, Buffer.alloc(4)]);
  chunk.writeUInt32BE(8, 0);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 16)), 16);
  return Buffer.concat([png.subarray(0, ihdrEnd), chunk, png.subarray(ihdrEnd)]);
}

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
