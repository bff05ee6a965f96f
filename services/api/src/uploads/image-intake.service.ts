import { randomUUID } from 'node:crypto';
import { BadRequestException, HttpException, Inject, Injectable, Logger, PayloadTooLargeException, ServiceUnavailableException } from '@nestjs/common';
import sharp from 'sharp';
import { FILE_STORAGE, type FileStorage } from '#platform/storage/file-storage.port.js';
import { JOB_QUEUE, type JobQueue } from '#platform/jobs/job-queue.port.js';
import { EXTENSION, sniffImageFormat, type ImageFormat } from './image-sniffer.js';
import { DECODE_OPTIONS, dimensionProblem, intakePipelines, readHeader } from './image-limits.js';
import { thumbnailKey, THUMBNAILS_JOB, type ThumbnailsJobData } from './thumbnails.js';
import { MAX_IMAGE_BYTES, MESSAGES, THUMBNAIL_SIZES } from './upload-limits.js';

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

export interface InspectedImage {
  format: ImageFormat;
  /** After auto-rotation, i.e. as stored. */
  width: number;
  height: number;
  /** Size of the re-encoded image. */
  bytes: number;
  /** The re-encoded image: what gets stored. */
  data: Buffer;
}

/**
 * High enough for print: the shopper's file was already lossy, a second pass at this quality is
 * invisible on paper. JPEG without optimised Huffman tables streams row by row (~20 MB for a
 * 48 MP image instead of ~300 MB held for the optimisation pass). WebP's encoder holds the whole
 * image whatever we do, which is why intake decodes share a bounded number of slots.
 */
const REENCODE = {
  jpeg: { quality: 92, chromaSubsampling: '4:4:4', optimiseCoding: false },
  png: { compressionLevel: 6 },
  webp: { quality: 92, effort: 2 },
} as const;

@Injectable()
export class ImageIntakeService {
  private readonly log = new Logger(ImageIntakeService.name);

  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
  ) {}

  /**
   * Checks an upload without writing anything: present, within limits, a real JPEG/PNG/WebP whose
   * header declares sane dimensions and whose pixels decode to the end. Call it before any other
   * side effect so a refused request leaves no trace. The answer carries the re-encoded image
   * (auto-rotated, metadata stripped, anything after the image's end dropped): that, not the
   * bytes as sent, is what gets stored, so no shopper's GPS position or hidden payload is served.
   */
  async inspect(file: IncomingFile | undefined, options: { minBytes?: number; tooSmallMessage?: string } = {}): Promise<InspectedImage> {
    if (!file || !file.buffer || file.buffer.length === 0) throw new BadRequestException(MESSAGES.noImage);
    const bytes = file.buffer.length;
    if (bytes > MAX_IMAGE_BYTES) throw new PayloadTooLargeException('Image must be at most 20MB.');
    const format = sniffImageFormat(file.buffer);
    if (!format) throw new BadRequestException(MESSAGES.notAnImage);
    if (options.minBytes && bytes < options.minBytes) throw new BadRequestException(options.tooSmallMessage ?? MESSAGES.tooSmall);

    // Decide on the header: milliseconds, whatever the file declares.
    let header: Awaited<ReturnType<typeof readHeader>>;
    try {
      header = await readHeader(file.buffer);
    } catch (err) {
      throw this.unreadable(err);
    }
    // The header says one format, the decoder must agree.
    if (header.format !== format) throw this.unreadable(`decoder saw ${header.format}`);
    const problem = dimensionProblem(header.width, header.height);
    if (problem) throw new BadRequestException(problem);

    try {
      const { data, info } = await intakePipelines.run(() =>
        sharp(file.buffer, { ...DECODE_OPTIONS, failOn: 'truncated' })
          .rotate() // EXIF orientation applied to the pixels, since the tag itself is stripped
          .toFormat(format, REENCODE[format])
          .toBuffer({ resolveWithObject: true }),
      );
      return { format, width: info.width, height: info.height, bytes: data.length, data };
    } catch (err) {
      throw this.unreadable(err);
    }
  }

  /** Stores an inspected image under a random name and queues its thumbnails. */
  async store(purpose: ImagePurpose, inspected: InspectedImage): Promise<StoredImage> {
    const key = `${purpose}/${randomUUID()}.${EXTENSION[inspected.format]}`;
    await this.storage.save(key, inspected.data).catch((error: unknown) => {
      throw this.storageRefusal(error) ?? error;
    });
    const thumbnailsJobId = await this.jobs.enqueue<ThumbnailsJobData>(THUMBNAILS_JOB, { key }, { attempts: 3 }).catch(async (error: unknown) => {
      // Refused as a whole (the queue is down): no original left behind without its thumbnails.
      await this.storage.delete(key).catch(() => undefined);
      throw error;
    });
    const thumbnails = THUMBNAIL_SIZES.map((size) => this.storage.publicPath(thumbnailKey(key, size)));
    const { format, width, height, bytes } = inspected;
    return { key, url: this.storage.publicPath(key), thumbnailsJobId, thumbnails, format, width, height, bytes };
  }

  async accept(file: IncomingFile | undefined, purpose: ImagePurpose, options: { minBytes?: number } = {}): Promise<StoredImage> {
    const inspected = await this.inspect(file, options);
    return this.store(purpose, inspected);
  }

  /**
   * The disk, not the image: a full disk is 507 (the admin must free space), an unwritable one
   * 503 (a mount or permission problem). Either way the shopper gets a sentence, not a 500.
   */
  private storageRefusal(error: unknown): HttpException | undefined {
    const code = (error as { code?: unknown })?.code;
    if (code === 'ENOSPC' || code === 'EDQUOT') {
      this.log.error(`upload refused, storage full: ${(error as Error).message}`);
      return new HttpException(MESSAGES.storageFull, 507);
    }
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      this.log.error(`upload refused, storage not writable: ${(error as Error).message}`);
      return new ServiceUnavailableException(MESSAGES.storageUnwritable);
    }
    return undefined;
  }

  private unreadable(err: unknown): BadRequestException {
    this.log.debug(`refused image: ${err instanceof Error ? err.message : String(err)}`);
    return new BadRequestException(MESSAGES.unreadableImage);
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
