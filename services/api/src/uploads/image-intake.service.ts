import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { BadRequestException, HttpException, Inject, Injectable, Logger, PayloadTooLargeException } from '@nestjs/common';
import sharp from 'sharp';
import { FILE_STORAGE, type FileStorage } from '#platform/storage/file-storage.port.js';
import { JOB_QUEUE, type JobQueue } from '#platform/jobs/job-queue.port.js';
import { isAnimated, readAt } from './animation.js';
import { EXTENSION, sniffImageFormat, type ImageFormat } from './image-sniffer.js';
import { DECODE_OPTIONS, dimensionProblem, intakePipelines, readHeader } from './image-limits.js';
import { encodedPathOf, type IncomingFile } from './incoming-disk-storage.js';
import { storageRefusal } from './storage-refusal.js';
import { thumbnailKey, THUMBNAILS_JOB, type ThumbnailsJobData } from './thumbnails.js';
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MESSAGES, THUMBNAIL_SIZES } from './upload-limits.js';

export type { IncomingFile } from './incoming-disk-storage.js';

/** Folders under UPLOADS_DIR, one per use. */
export type ImagePurpose = 'custom' | 'gallery' | 'posters' | 'products';

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
  /** The re-encoded image, on disk beside the upload: what gets stored (moved, never read back). */
  path: string;
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

export interface IntakeOptions {
  /**
   * The caller's own judgement of the image's pixels (a custom poster's print resolution), made on
   * the header before anything is decoded; it throws to refuse. Rotation does not change the
   * pair it is given, only which side is which.
   */
  checkDimensions?: (width: number, height: number) => void;
}

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
  async inspect(file: IncomingFile | undefined, options: IntakeOptions = {}): Promise<InspectedImage> {
    if (!file?.path) throw new BadRequestException(MESSAGES.noImage);
    // The size on disk, not a number handed along: it is what sharp will read.
    const bytes = (await stat(file.path).catch(() => undefined))?.size ?? 0;
    if (bytes === 0) throw new BadRequestException(MESSAGES.noImage);
    if (bytes > MAX_IMAGE_BYTES) throw new PayloadTooLargeException('Image must be at most 20MB.');
    const format = sniffImageFormat(await readAt(file.path, 0, 16));
    if (!format) throw new BadRequestException(MESSAGES.notAnImage);

    // Decide on the header: milliseconds, whatever the file declares.
    let header: Awaited<ReturnType<typeof readHeader>>;
    try {
      header = await readHeader(file.path);
    } catch (err) {
      throw this.unreadable(err);
    }
    // The header says one format, the decoder must agree.
    if (header.format !== format) throw this.unreadable(`decoder saw ${header.format}`);
    const problem = dimensionProblem(header.width, header.height);
    if (problem) throw new BadRequestException(problem);
    options.checkDimensions?.(header.width!, header.height!);
    if (await isAnimated(file.path, format, header.pages)) {
      // Judged by all its frames' pixels first, so a bomb is named as one; a sane animation is
      // still no print: which frame would the shopper get on paper?
      const frames = Math.max(1, header.pages ?? 1);
      throw new BadRequestException(header.width! * header.height! * frames > MAX_IMAGE_PIXELS ? MESSAGES.tooManyPixels : MESSAGES.animated);
    }

    const target = encodedPathOf(file.path);
    try {
      // From file to file: libvips streams a JPEG row by row and neither side is a Node buffer.
      const info = await intakePipelines.run(() =>
        sharp(file.path, { ...DECODE_OPTIONS, failOn: 'truncated' })
          .rotate() // EXIF orientation applied to the pixels, since the tag itself is stripped
          .toFormat(format, REENCODE[format])
          .toFile(target),
      );
      return { format, width: info.width, height: info.height, bytes: info.size, path: target };
    } catch (err) {
      if (err instanceof HttpException) throw err;
      throw storageRefusal(err) ?? this.unreadable(err);
    }
  }

  /** Stores an inspected image under a random name and queues its thumbnails. */
  async store(purpose: ImagePurpose, inspected: InspectedImage): Promise<StoredImage> {
    const key = `${purpose}/${randomUUID()}.${EXTENSION[inspected.format]}`;
    await this.storage.adopt(key, inspected.path).catch((error: unknown) => {
      throw storageRefusal(error) ?? error;
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

  async accept(file: IncomingFile | undefined, purpose: ImagePurpose, options: IntakeOptions = {}): Promise<StoredImage> {
    const inspected = await this.inspect(file, options);
    return this.store(purpose, inspected);
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
