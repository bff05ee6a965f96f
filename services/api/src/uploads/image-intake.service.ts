import { randomUUID } from 'node:crypto';
import { BadRequestException, Inject, Injectable, Logger, PayloadTooLargeException } from '@nestjs/common';
import sharp from 'sharp';
import { FILE_STORAGE, type FileStorage } from '#platform/storage/file-storage.port.js';
import { JOB_QUEUE, type JobQueue } from '#platform/jobs/job-queue.port.js';
import { EXTENSION, sniffImageFormat, type ImageFormat } from './image-sniffer.js';
import { thumbnailKey, THUMBNAILS_JOB, type ThumbnailsJobData } from './thumbnails.js';
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MESSAGES, THUMBNAIL_SIZES } from './upload-limits.js';

/** Folders under UPLOADS_DIR, one per use. */
export type ImagePurpose = 'custom' | 'gallery' | 'posters' | 'products';

/** What multer hands us (memory storage); only the bytes are trusted. */
export interface IncomingFile {
  buffer: Buffer;
  size: number;
}

export interface StoredImage {
  /** Public paths of the webp thumbnails (small, medium, large) once the job has made them. */
  thumbnails: string[];
  /** Storage key, e.g. custom/6f1c….jpg */
  key: string;
  /** What events and answers carry: /uploads/<key>. */
  url: string;
  format: ImageFormat;
  width: number;
  height: number;
  bytes: number;
  thumbnailsJobId: string;
}

@Injectable()
export class ImageIntakeService {
  private readonly log = new Logger(ImageIntakeService.name);

  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
  ) {}

  /**
   * Checks an upload without writing anything: present, within limits, a real JPEG/PNG/WebP that
   * decodes. Call it before any other side effect so a refused request leaves no trace.
   */
  async inspect(file: IncomingFile | undefined, options: { minBytes?: number; tooSmallMessage?: string } = {}) {
    if (!file || !file.buffer || file.buffer.length === 0) throw new BadRequestException(MESSAGES.noImage);
    const bytes = file.buffer.length;
    if (bytes > MAX_IMAGE_BYTES) throw new PayloadTooLargeException('Image must be at most 20MB.');
    const format = sniffImageFormat(file.buffer);
    if (!format) throw new BadRequestException(MESSAGES.notAnImage);
    if (options.minBytes && bytes < options.minBytes) throw new BadRequestException(options.tooSmallMessage ?? MESSAGES.tooSmall);
    try {
      const image = sharp(file.buffer, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' });
      const meta = await image.metadata();
      // The header says one format, the decoder must agree, and the pixels must decode to the end.
      if (meta.format !== format || !meta.width || !meta.height) throw new Error(`decoder saw ${meta.format}`);
      await image.stats();
      return { format, width: meta.width, height: meta.height, bytes };
    } catch (err) {
      this.log.debug(`refused image: ${err instanceof Error ? err.message : String(err)}`);
      throw new BadRequestException(MESSAGES.unreadableImage);
    }
  }

  /** Stores an inspected image under a random name and queues its thumbnails. */
  async store(file: IncomingFile, purpose: ImagePurpose, inspected: Awaited<ReturnType<ImageIntakeService['inspect']>>): Promise<StoredImage> {
    const key = `${purpose}/${randomUUID()}.${EXTENSION[inspected.format]}`;
    await this.storage.save(key, file.buffer);
    const thumbnailsJobId = await this.jobs.enqueue<ThumbnailsJobData>(THUMBNAILS_JOB, { key }, { attempts: 3 });
    const thumbnails = THUMBNAIL_SIZES.map((size) => this.storage.publicPath(thumbnailKey(key, size)));
    return { key, url: this.storage.publicPath(key), thumbnailsJobId, thumbnails, ...inspected };
  }

  async accept(file: IncomingFile | undefined, purpose: ImagePurpose, options: { minBytes?: number } = {}): Promise<StoredImage> {
    const inspected = await this.inspect(file, options);
    return this.store(file!, purpose, inspected);
  }

  /** Best effort: a missing file is not an error (a retried delete, or a URL from elsewhere). */
  async discard(url: string | null | undefined): Promise<void> {
    const key = this.keyOf(url);
    if (key) await this.storage.delete(key).catch(() => undefined);
  }

  /** /uploads/gallery/x.jpg → gallery/x.jpg; anything not ours → undefined. */
  keyOf(url: string | null | undefined): string | undefined {
    if (!url) return undefined;
    const m = /^\/?uploads\/((?:custom|gallery|posters|products)\/[0-9a-f-]{36}\.(?:jpg|png|webp))$/.exec(url);
    return m?.[1];
  }
}
