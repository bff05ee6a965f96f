import sharp from 'sharp';
import { pngBomb, seededBytes } from '../../../../../libs/platform/testing/test-bytes.mjs';

export { pngBomb, seededBytes };

/**
 * Real encoded images for tests, all deterministic: the same seed gives the same bytes on every
 * run, so a test that passes once passes always. Noise does not compress, so the file size follows
 * the pixel count: ~900x900 of noise as a q90 JPEG is well past 500 KB.
 */
export async function noiseImage(format: 'jpeg' | 'png' | 'webp', width: number, height: number, seed = 1): Promise<Buffer> {
  const img = sharp(seededBytes(width * height * 3, seed), { raw: { width, height, channels: 3 } });
  if (format === 'jpeg') return img.jpeg({ quality: 90 }).toBuffer();
  if (format === 'png') return img.png().toBuffer();
  return img.webp({ quality: 90 }).toBuffer();
}

/** A JPEG of at least 500 KB (custom poster minimum). */
export async function bigJpeg(): Promise<Buffer> {
  const buf = await noiseImage('jpeg', 1000, 1000);
  if (buf.length < 500 * 1024) throw new Error(`test image too small: ${buf.length}`);
  return buf;
}

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
