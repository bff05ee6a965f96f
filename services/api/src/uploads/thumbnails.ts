import path from 'node:path';
import sharp from 'sharp';
import type { FileStorage } from '#platform/storage/file-storage.port.js';
import { DECODE_OPTIONS, dimensionProblem, readHeader, thumbnailPipelines } from './image-limits.js';
import { renderRenditions, renditionKey } from './renditions.js';
import { THUMBNAIL_SIZES } from './upload-limits.js';

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

/**
 * The thumbnails and the responsive renditions (the widest is 1200) are cut from one downscaled
 * copy this big, so the original is decoded once, not once per size.
 */
const WORKING_COPY = { width: 1200, height: 1600 } as const;

/**
 * The job's processor: the same function runs under BullMQ and in-process, and takes a slot of
 * thumbnailPipelines around its decode, so neither queue's concurrency can raise the number of
 * images held in memory at once.
 */
export function thumbnailsProcessor(storage: FileStorage) {
  return async ({ key }: ThumbnailsJobData, ctx: { reportProgress(p: number): Promise<void> }): Promise<{ thumbnails: string[]; renditions: string[] }> => {
    // Originals are checked at intake; this guards files stored before that check or put there by hand.
    const checkHeader = async (source: string | Buffer) => {
      const header = await readHeader(source);
      const problem = dimensionProblem(header.width, header.height);
      if (problem) throw new Error(`${key}: ${problem}`);
    };
    // From its path where there is one: libvips streams the file, so no job holds the original in
    // a Node buffer, and its header is read before taking a slot (a bomb waits for nobody).
    // Storage without local files reads it inside the slot.
    const localFile = storage.localPath?.(key);
    if (localFile) await checkHeader(localFile);

    const { webps, renditions } = await thumbnailPipelines.run(async () => {
      const original = localFile ?? (await storage.read(key));
      if (!localFile) await checkHeader(original);
      const working = await sharp(original, DECODE_OPTIONS)
        .rotate() // honour EXIF orientation before cropping (originals stored before re-encoding may carry it)
        .resize(WORKING_COPY.width, WORKING_COPY.height, { fit: 'outside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: working.info.width, height: working.info.height, channels: working.info.channels } };
      const out: Buffer[] = [];
      for (const size of THUMBNAIL_SIZES) {
        out.push(await sharp(working.data, raw).resize(size.width, size.height, { fit: 'cover', position: 'attention' }).webp({ quality: 80 }).toBuffer());
      }
      return { webps: out, renditions: await renderRenditions(working) };
    });

    const files = [
      ...THUMBNAIL_SIZES.map((size, i) => ({ key: thumbnailKey(key, size), data: webps[i] })),
      ...renditions.map((r) => ({ key: renditionKey(key, r.width), data: r.data })),
    ];
    for (const [i, file] of files.entries()) {
      await storage.save(file.key, file.data);
      await ctx.reportProgress(((i + 1) / files.length) * 100);
    }
    return { thumbnails: files.slice(0, THUMBNAIL_SIZES.length).map((f) => f.key), renditions: files.slice(THUMBNAIL_SIZES.length).map((f) => f.key) };
  };
}
