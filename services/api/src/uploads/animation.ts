import { open } from 'node:fs/promises';
import type { ImageFormat } from './image-sniffer.js';

/** PNG chunks read before giving up on finding IDAT: real files have a handful before it. */
const MAX_PNG_CHUNKS = 64;

/**
 * Whether a file holds more than one frame. libvips decodes the first frame of an animation by
 * default, so an animated upload would print (and bill) as its first frame, 32 x 32 for a file of
 * thousands of frames: judged here from the container itself, not from what the decoder shows.
 * WebP: the VP8X header's animation flag, or more than one page as libvips counts them. PNG: an
 * acTL chunk before the first IDAT (APNG, which plain PNG readers show as a still).
 */
export async function isAnimated(file: string, format: ImageFormat, pages: number | undefined): Promise<boolean> {
  if ((pages ?? 1) > 1) return true;
  if (format === 'webp') {
    const head = await readAt(file, 0, 21);
    return head.length >= 21 && head.toString('latin1', 12, 16) === 'VP8X' && (head[20] & 0x02) !== 0;
  }
  if (format === 'png') return hasPngChunkBeforeData(file, 'acTL');
  return false;
}

async function hasPngChunkBeforeData(file: string, wanted: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    let offset = 8; // after the signature
    for (let i = 0; i < MAX_PNG_CHUNKS; i++) {
      const header = Buffer.alloc(8);
      const { bytesRead } = await handle.read(header, 0, 8, offset);
      if (bytesRead < 8) return false;
      const type = header.toString('latin1', 4, 8);
      if (type === wanted) return true;
      if (type === 'IDAT' || type === 'IEND') return false;
      offset += 12 + header.readUInt32BE(0); // length, type, data, crc
    }
    return false;
  } finally {
    await handle.close();
  }
}

/** The first bytes of a file, for sniffing: a file shorter than asked gives what it has. */
export async function readAt(file: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
