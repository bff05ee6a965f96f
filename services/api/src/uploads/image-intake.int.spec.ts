import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { InProcessJobQueue } from '#platform/jobs/in-process-job-queue.js';
import { LocalFileStorage } from '#platform/storage/local-file-storage.js';
import { ImageIntakeService } from './image-intake.service.js';
import { thumbnailKey, thumbnailsProcessor, THUMBNAILS_JOB } from './thumbnails.js';
import { MESSAGES, MIN_CUSTOM_IMAGE_BYTES, THUMBNAIL_SIZES } from './upload-limits.js';
import { bigJpeg, noiseImage, smallPng } from './testing/test-images.js';

describe('ImageIntakeService on a real disk and job queue', () => {
  let dir: string;
  let storage: LocalFileStorage;
  let jobs: InProcessJobQueue;
  let intake: ImageIntakeService;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'uploads-'));
    storage = new LocalFileStorage(dir);
    jobs = new InProcessJobQueue();
    jobs.register(THUMBNAILS_JOB, thumbnailsProcessor(storage));
    await jobs.start();
    intake = new ImageIntakeService(storage, jobs);
  });
  afterAll(async () => {
    await jobs.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores a real image under a random name and makes the three webp thumbnails', async () => {
    const jpeg = await bigJpeg();
    const stored = await intake.accept({ buffer: jpeg, size: jpeg.length }, 'custom', { minBytes: MIN_CUSTOM_IMAGE_BYTES });
    expect(stored.key).toMatch(/^custom\/[0-9a-f-]{36}\.jpg$/);
    expect(stored.url).toBe(`/uploads/${stored.key}`);
    expect((await storage.read(stored.key)).equals(jpeg)).toBe(true);

    const job = await jobs.waitFor(stored.thumbnailsJobId, 20_000);
    expect(job).toMatchObject({ state: 'completed', progress: 100 });
    for (const size of THUMBNAIL_SIZES) {
      const meta = await sharp(await storage.read(thumbnailKey(stored.key, size))).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size.width, height: size.height });
    }
  });

  it('gives two uploads of the same bytes two different names', async () => {
    const png = await smallPng();
    const a = await intake.accept({ buffer: png, size: png.length }, 'gallery');
    const b = await intake.accept({ buffer: png, size: png.length }, 'gallery');
    expect(a.key).not.toBe(b.key);
    expect(a.key).toMatch(/\.png$/);
  });

  it('refuses a text file and writes nothing', async () => {
    const before = await readdir(dir, { recursive: true });
    const text = Buffer.from('hello, I am definitely a JPEG'.repeat(40_000));
    await expect(intake.accept({ buffer: text, size: text.length }, 'custom')).rejects.toMatchObject({ status: 400, message: MESSAGES.notAnImage });
    expect(await readdir(dir, { recursive: true })).toEqual(before);
  });

  it('refuses an image under the custom minimum with the spec message', async () => {
    const png = await smallPng();
    await expect(intake.accept({ buffer: png, size: png.length }, 'custom', { minBytes: MIN_CUSTOM_IMAGE_BYTES })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Image size must be at least 500KB\. Need help\? Contact us on/),
    });
  });

  it('refuses a truncated JPEG whose header is fine', async () => {
    const jpeg = await noiseImage('jpeg', 300, 300);
    const cut = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    await expect(intake.accept({ buffer: cut, size: cut.length }, 'gallery')).rejects.toMatchObject({ status: 400, message: MESSAGES.unreadableImage });
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
