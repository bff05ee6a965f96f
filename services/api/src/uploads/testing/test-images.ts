import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/**
 * Real encoded images for tests. Random noise does not compress, so the file size follows the
 * pixel count: ~900x900 of noise as a q90 JPEG is well past 500 KB.
 */
export async function noiseImage(format: 'jpeg' | 'png' | 'webp', width: number, height: number): Promise<Buffer> {
  const raw = randomBytes(width * height * 3);
  const img = sharp(raw, { raw: { width, height, channels: 3 } });
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
