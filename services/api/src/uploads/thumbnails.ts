import path from 'node:path';
import sharp from 'sharp';
import type { FileStorage } from '#platform/storage/file-storage.port.js';
import { MAX_IMAGE_PIXELS, THUMBNAIL_SIZES } from './upload-limits.js';

export const THUMBNAILS_JOB = 'image.thumbnails';

export interface ThumbnailsJobData {
  key: string;
}

/** custom/ab12.jpg → custom/thumbs/ab12-300x400.webp: derivable by anyone holding the original's path. */
export function thumbnailKey(key: string, size: { width: number; height: number }): string {
  const dir = path.posix.dirname(key);
  const base = path.posix.basename(key, path.posix.extname(key));
  return path.posix.join(dir === '.' ? '' : dir, 'thumbs', `${base}-${size.width}x${size.height}.webp`);
}

/** The job's processor: the same function runs under BullMQ and in-process. */
export function thumbnailsProcessor(storage: FileStorage) {
  return async ({ key }: ThumbnailsJobData, ctx: { reportProgress(p: number): Promise<void> }): Promise<{ thumbnails: string[] }> => {
    const original = await storage.read(key);
    const made: string[] = [];
    for (const [i, size] of THUMBNAIL_SIZES.entries()) {
      const webp = await sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate() // honour EXIF orientation before cropping
        .resize(size.width, size.height, { fit: 'cover', position: 'attention' })
        .webp({ quality: 80 })
        .toBuffer();
      const out = thumbnailKey(key, size);
      await storage.save(out, webp);
      made.push(out);
      await ctx.reportProgress(((i + 1) / THUMBNAIL_SIZES.length) * 100);
    }
    return { thumbnails: made };
  };
}
