import { ServiceUnavailableException } from '@nestjs/common';
import sharp from 'sharp';
import { loadUploadsConfig } from './uploads-config.js';
import { MAX_ASPECT_RATIO, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, MAX_INTAKE_PIPELINES, MAX_THUMBNAIL_PIPELINES, MESSAGES, SHARP_CACHE, SHARP_THREADS } from './upload-limits.js';

// Process-wide libvips settings, applied once by whichever upload module loads first.
sharp.concurrency(SHARP_THREADS);
sharp.cache(SHARP_CACHE);

/**
 * Why these dimensions may not be decoded, or undefined when they may. Pure: it judges the numbers
 * a header declares, so a bomb is refused before a single row is inflated.
 */
export function dimensionProblem(width: number | undefined, height: number | undefined): string | undefined {
  if (!width || !height || !Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) return MESSAGES.unreadableImage;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) return MESSAGES.sideTooLong;
  if (width * height > MAX_IMAGE_PIXELS) return MESSAGES.tooManyPixels;
  if (Math.max(width, height) > MAX_ASPECT_RATIO * Math.min(width, height)) return MESSAGES.badAspectRatio;
  return undefined;
}

/**
 * Reads only the header (sharp/libvips does not decode pixels for metadata). The pixel limit is
 * off here on purpose: with it on, sharp refuses with its own wording and we lose the dimensions
 * needed for a clear message; every decoding call keeps the limit.
 */
export async function readHeader(input: Buffer | string): Promise<{ format?: string; width?: number; height?: number; pages?: number }> {
  const meta = await sharp(input, { limitInputPixels: false }).metadata();
  return { format: meta.format, width: meta.width, height: meta.height, pages: meta.pages };
}

/** Options every decoding sharp call uses: the pixel limit stays as a second line behind dimensionProblem. */
export const DECODE_OPTIONS = { limitInputPixels: MAX_IMAGE_PIXELS } as const;

/**
 * Too many uploads already wait for a slot: 503 with Retry-After (the http filter reads it), so a
 * flood gets a prompt "try again" rather than requests that queue for minutes.
 */
export class ImageWorkBusy extends ServiceUnavailableException {
  readonly retryAfterSeconds = 5;
  constructor() {
    super(MESSAGES.busy);
  }
}

/**
 * A FIFO limit on simultaneous sharp pipelines. The queue's own concurrency is not enough: BullMQ
 * and the in-process queue each pick theirs, and several job kinds may share a worker, so the
 * processor itself takes a slot around each decode.
 */
export class PipelineLimit {
  private active = 0;
  private highWater = 0;
  private readonly waiting: Array<() => void> = [];

  /** maxWaiting: callers past it are refused at once (ImageWorkBusy) instead of queued. */
  constructor(
    readonly slots: number,
    readonly maxWaiting = Infinity,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.slots && this.waiting.length >= this.maxWaiting) throw new ImageWorkBusy();
    if (this.active >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    this.highWater = Math.max(this.highWater, this.active);
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so a newcomer cannot overtake it.
      if (next) next();
      else this.active--;
    }
  }

  /** Most pipelines seen running at once since the last reset: what tests assert on. */
  peak(): number {
    return this.highWater;
  }

  resetPeak(): void {
    this.highWater = this.active;
  }
}

/** Per process, because memory is per process: every request and every job in it shares these. */
export const intakePipelines = new PipelineLimit(MAX_INTAKE_PIPELINES, loadUploadsConfig().imageQueueMaxWaiting);
/** Unbounded wait: thumbnails come from the job queue's shopper lane, which is the queue that bounds them. */
export const thumbnailPipelines = new PipelineLimit(MAX_THUMBNAIL_PIPELINES);
