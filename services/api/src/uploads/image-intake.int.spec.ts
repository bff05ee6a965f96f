import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import { BullMqJobQueue } from '#platform/jobs/bullmq-job-queue.js';
import { InProcessJobQueue } from '#platform/jobs/in-process-job-queue.js';
import type { EnqueueOptions, JobQueue } from '#platform/jobs/job-queue.port.js';
import { LocalFileStorage } from '#platform/storage/local-file-storage.js';
import { ImageIntakeService } from './image-intake.service.js';
import { thumbnailPipelines } from './image-limits.js';
import { thumbnailKey, thumbnailsProcessor, THUMBNAILS_JOB } from './thumbnails.js';
import { RENDITION_WIDTHS } from '#domain/catalog/image-renditions.js';
import { renditionKey } from './renditions.js';
import { backfillRenditions } from './renditions-backfill.js';
import { until } from '#platform/testing/until.js';
import { MAX_THUMBNAIL_PIPELINES, MESSAGES, THUMBNAIL_SIZES } from './upload-limits.js';
import { incomingFile } from './testing/incoming-file.js';
import { animatedWebp, apng, BIG_JPEG, bigJpeg, cutInsideScan, exifHasGps, jpegWithGpsAndRotation, noiseImage, pngBomb, smallPng } from './testing/test-images.js';

/** A real in-process queue that also counts what was put on it, so a test can see nothing was. */
class CountingQueue extends InProcessJobQueue {
  enqueued = 0;
  override enqueue<Data>(name: string, data: Data, options?: EnqueueOptions): Promise<string> {
    this.enqueued++;
    return super.enqueue(name, data, options);
  }
}

describe('ImageIntakeService on a real disk and job queue', () => {
  let dir: string;
  let storage: LocalFileStorage;
  let jobs: CountingQueue;
  let intake: ImageIntakeService;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'uploads-'));
    storage = new LocalFileStorage(dir);
    jobs = new CountingQueue();
    jobs.register(THUMBNAILS_JOB, thumbnailsProcessor(storage));
    await jobs.start();
    intake = new ImageIntakeService(storage, jobs);
  });
  afterAll(async () => {
    await jobs.close();
    await rm(dir, { recursive: true, force: true });
  });

  // Originals only: thumbnail jobs of earlier tests may still be writing under thumbs/.
  const originals = async () => (await readdir(dir, { recursive: true })).filter((f) => !f.includes('thumbs') && !f.startsWith('.incoming'));

  it('stores a real image, re-encoded, under a random name and makes the three webp thumbnails', async () => {
    const jpeg = await bigJpeg();
    const stored = await intake.accept(await incomingFile(dir, jpeg), 'custom');
    expect(stored.key).toMatch(/^custom\/[0-9a-f-]{36}\.jpg$/);
    expect(stored.url).toBe(`/uploads/${stored.key}`);
    const saved = await storage.read(stored.key);
    expect(saved.equals(jpeg)).toBe(false);
    expect(await sharp(saved).metadata()).toMatchObject({ format: 'jpeg', ...BIG_JPEG });
    expect(stored).toMatchObject({ format: 'jpeg', ...BIG_JPEG, bytes: saved.length });

    const job = await jobs.waitFor(stored.thumbnailsJobId, 20_000);
    expect(job).toMatchObject({ state: 'completed', progress: 100 });
    for (const size of THUMBNAIL_SIZES) {
      const meta = await sharp(await storage.read(thumbnailKey(stored.key, size))).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size.width, height: size.height });
    }
    // Responsive renditions: never wider than the 900 px original.
    for (const width of RENDITION_WIDTHS) {
      const meta = await sharp(await storage.read(renditionKey(stored.key, width))).metadata();
      const wide = Math.min(width, BIG_JPEG.width);
      expect(meta).toMatchObject({ format: 'webp', width: wide, height: Math.round((wide * BIG_JPEG.height) / BIG_JPEG.width) });
    }
  });

  it('backfills the widths an image stored earlier lacks, once, and skips keys whose original is gone', async () => {
    const png = await smallPng();
    const stored = await intake.accept(await incomingFile(dir, png), 'posters');
    await jobs.waitFor(stored.thumbnailsJobId, 20_000);
    // As if stored before the 480 and 720 widths existed.
    for (const width of [480, 720]) await storage.delete(renditionKey(stored.key, width));
    const gone = `posters/${randomUUID()}.jpg`;

    const queued = await backfillRenditions([stored.key, stored.key, gone], storage, jobs);
    expect(queued).toEqual([stored.key]);
    await until('every width on disk', async () => (await Promise.all(RENDITION_WIDTHS.map((w) => storage.exists(renditionKey(stored.key, w))))).every(Boolean), 20_000);
    expect(await backfillRenditions([stored.key], storage, jobs)).toEqual([]);
  });

  it('gives two uploads of the same bytes two different names', async () => {
    const png = await smallPng();
    const a = await intake.accept(await incomingFile(dir, png), 'gallery');
    const b = await intake.accept(await incomingFile(dir, png), 'gallery');
    expect(a.key).not.toBe(b.key);
    expect(a.key).toMatch(/\.png$/);
  });

  it('refuses a text file and writes nothing', async () => {
    const before = await originals();
    const text = Buffer.from('hello, I am definitely a JPEG'.repeat(40_000));
    await expect(intake.accept(await incomingFile(dir, text), 'custom')).rejects.toMatchObject({ status: 400, message: MESSAGES.notAnImage });
    expect(await originals()).toEqual(before);
  });

  it("refuses an image the caller's dimension check refuses, on the header's pixels, writing nothing", async () => {
    const before = await originals();
    const seen: number[][] = [];
    const refuse = (width: number, height: number) => {
      seen.push([width, height]);
      throw new Error('too few pixels');
    };
    await expect(intake.accept(await incomingFile(dir, await noiseImage('png', 30, 40, 5)), 'custom', { checkDimensions: refuse })).rejects.toThrow('too few pixels');
    expect(seen).toEqual([[30, 40]]);
    expect(await originals()).toEqual(before);
  });

  it('refuses a truncated JPEG whose header is fine', async () => {
    const cut = cutInsideScan(await noiseImage('jpeg', 300, 300, 3));
    // The premise: the header alone still reads, so only a full decode can tell.
    expect(await sharp(cut).metadata()).toMatchObject({ format: 'jpeg', width: 300, height: 300 });
    await expect(intake.accept(await incomingFile(dir, cut), 'gallery')).rejects.toMatchObject({ status: 400, message: MESSAGES.unreadableImage });
  });

  describe('decides on the header, before decoding a pixel', () => {
    async function refusedQuickly(png: Buffer, message: string) {
      const filesBefore = await originals();
      const jobsBefore = jobs.enqueued;
      const started = performance.now();
      await expect(intake.accept(await incomingFile(dir, png), 'custom')).rejects.toMatchObject({ status: 400, message });
      const elapsed = performance.now() - started;
      expect(await originals()).toEqual(filesBefore);
      expect(jobs.enqueued).toBe(jobsBefore);
      return elapsed;
    }

    it('refuses the 1,000,000 x 100 PNG bomb in milliseconds, writing nothing and queueing nothing', async () => {
      const bomb = pngBomb(1_000_000, 100);
      expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ format: 'png', width: 1_000_000, height: 100 });
      // Decoding would take seconds and gigabytes; the header takes milliseconds.
      expect(await refusedQuickly(bomb, MESSAGES.sideTooLong)).toBeLessThan(300);
    });

    it('refuses too many pixels (8000 x 8000) and an absurd aspect ratio (10000 x 100) with their own messages', async () => {
      expect(await refusedQuickly(pngBomb(8000, 8000), MESSAGES.tooManyPixels)).toBeLessThan(300);
      expect(await refusedQuickly(pngBomb(10_000, 100), MESSAGES.badAspectRatio)).toBeLessThan(300);
    });

    it('a thumbnail job refuses a bomb already on disk (stored before these checks) without decoding it', async () => {
      const key = `gallery/${randomUUID()}.png`;
      await storage.save(key, pngBomb(1_000_000, 100));
      const started = performance.now();
      await expect(thumbnailsProcessor(storage)({ key }, { reportProgress: async () => undefined })).rejects.toThrow(MESSAGES.sideTooLong);
      expect(performance.now() - started).toBeLessThan(300);
      expect(await storage.exists(thumbnailKey(key, THUMBNAIL_SIZES[0]))).toBe(false);
      for (const width of RENDITION_WIDTHS) expect(await storage.exists(renditionKey(key, width))).toBe(false);
    });

    it('still accepts a long but sane panorama (4000 x 200, 20:1)', async () => {
      const png = await noiseImage('png', 4000, 200);
      const stored = await intake.accept(await incomingFile(dir, png), 'gallery');
      expect(stored).toMatchObject({ format: 'png', width: 4000, height: 200 });
    });
  });

  describe('stores the re-encode, not the bytes as sent', () => {
    const trailer = Buffer.from('APPENDED-PAYLOAD-AFTER-THE-IMAGE');

    it('drops EXIF (GPS included) and bytes after EOI from a JPEG, and applies its orientation to the pixels', async () => {
      const sent = Buffer.concat([await jpegWithGpsAndRotation(200, 100), trailer]);
      // The premise: the upload really carries GPS, a rotation and a trailer.
      const before = await sharp(sent).metadata();
      expect(exifHasGps(before.exif)).toBe(true);
      expect(before).toMatchObject({ orientation: 6, width: 200, height: 100 });

      const stored = await intake.accept(await incomingFile(dir, sent), 'gallery');
      const saved = await storage.read(stored.key);
      const after = await sharp(saved).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(after).toMatchObject({ format: 'jpeg', width: 100, height: 200 });
      expect(saved.includes(trailer)).toBe(false);
      expect(saved.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    });

    it('drops bytes after IEND from a PNG', async () => {
      const sent = Buffer.concat([await noiseImage('png', 64, 48), trailer]);
      const stored = await intake.accept(await incomingFile(dir, sent), 'gallery');
      const saved = await storage.read(stored.key);
      expect(saved.includes(trailer)).toBe(false);
      expect(saved.subarray(-8, -4).toString('latin1')).toBe('IEND');
      expect(await sharp(saved).metadata()).toMatchObject({ format: 'png', width: 64, height: 48 });
    });
  });

  describe('multi-frame images', () => {
    it('refuses the 2,000-frame 32 x 32 animated WebP as a print, naming why, and writes nothing', async () => {
      const webp = await animatedWebp(2000);
      // The premise: the decoder shows one 32 x 32 frame unless asked for all of them.
      expect(await sharp(webp).metadata()).toMatchObject({ format: 'webp', width: 32, height: 32, pages: 2000 });
      const before = await originals();
      await expect(intake.accept(await incomingFile(dir, webp), 'custom')).rejects.toMatchObject({ status: 400, message: MESSAGES.animated });
      expect(await originals()).toEqual(before);
    });

    it('judges an animation by all its frames: 60 frames of 1000 x 1000 is 60 megapixels, a bomb', async () => {
      const webp = await animatedWebp(60, 1000);
      expect(webp.length).toBeLessThan(200 * 1024);
      await expect(intake.accept(await incomingFile(dir, webp), 'gallery')).rejects.toMatchObject({ status: 400, message: MESSAGES.tooManyPixels });
    });

    it('refuses an APNG, which PNG decoders show as a still', async () => {
      const png = await apng(64, 48);
      expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 64, height: 48 });
      await expect(intake.accept(await incomingFile(dir, png), 'gallery')).rejects.toMatchObject({ status: 400, message: MESSAGES.animated });
    });

    it('still takes a plain WebP', async () => {
      const webp = await noiseImage('webp', 64, 48);
      await expect(intake.accept(await incomingFile(dir, webp), 'gallery')).resolves.toMatchObject({ format: 'webp', width: 64, height: 48 });
    });
  });

  it('refuses a missing file', async () => {
    await expect(intake.accept(undefined, 'gallery')).rejects.toMatchObject({ status: 400, message: MESSAGES.noImage });
  });

  it('maps only its own URLs back to storage keys', () => {
    expect(intake.keyOf('/uploads/gallery/0b5b6f8e-1111-4c3a-9a55-2d1f7c2e9a10.jpg')).toBe('gallery/0b5b6f8e-1111-4c3a-9a55-2d1f7c2e9a10.jpg');
    expect(intake.keyOf('/uploads/../../etc/passwd')).toBeUndefined();
    expect(intake.keyOf('https://cdn.example.com/a.jpg')).toBeUndefined();
  });
});

// The limit lives in the processor, so it holds whatever concurrency the queue itself runs with.
const queues: Array<[string, () => JobQueue]> = [
  ['in-process', () => new InProcessJobQueue({ concurrency: 4 })],
  ['bullmq', () => new BullMqJobQueue({ redisUrl: process.env.REDIS_URL!, queueName: `thumbs-${randomUUID()}`, concurrency: 4 })],
];

describe.each(queues)('thumbnail jobs on a %s queue running 4 at a time', (_kind, make) => {
  let dir: string;
  let queue: JobQueue;
  let intake: ImageIntakeService;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'thumbs-'));
    const storage = new LocalFileStorage(dir);
    queue = make();
    queue.register(THUMBNAILS_JOB, thumbnailsProcessor(storage));
    await queue.start();
    intake = new ImageIntakeService(storage, queue);
  });
  afterAll(async () => {
    await queue.close();
    await rm(dir, { recursive: true, force: true });
  });

  it(`never decodes more than ${MAX_THUMBNAIL_PIPELINES} image(s) at once, and finishes them all`, async () => {
    const images = await Promise.all([11, 12, 13, 14, 15, 16].map((seed) => noiseImage('jpeg', 900, 1200, seed)));
    thumbnailPipelines.resetPeak();
    const stored = [];
    for (const jpeg of images) stored.push(await intake.accept(await incomingFile(dir, jpeg), 'gallery'));
    const results = await Promise.all(stored.map((s) => queue.waitFor(s.thumbnailsJobId, 60_000)));
    expect(results.map((r) => r?.state)).toEqual(stored.map(() => 'completed'));
    expect(thumbnailPipelines.peak()).toBe(MAX_THUMBNAIL_PIPELINES);
  });
});
