import { once } from 'node:events';
import { watch } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { jest } from '@jest/globals';
import { Queue } from 'bullmq';
import sharp from 'sharp';
import { laneQueueName } from '#platform/jobs/bullmq-job-queue.js';
import { jobQueueNameFor } from '#platform/jobs/job-queue.module.js';
import { JOB_QUEUE, type JobQueue } from '#platform/jobs/job-queue.port.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { FILE_STORAGE, type FileStorage } from '#platform/storage/file-storage.port.js';
import { INCOMING_DIR } from '#platform/storage/local-file-storage.js';
import { MESSAGES } from './upload-limits.js';
import { UPLOAD_SPACE_GUARD, type UploadSpaceGuard } from './upload-space-guard.js';
import { BIG_JPEG, bigJpeg, noiseImage, pngBomb, smallPng } from './testing/test-images.js';

/** Uploads on the real stack, with the thumbnail jobs on BullMQ (the jest Redis). */
describe('uploads (HTTP, real stack, BullMQ thumbnails)', () => {
  let t: TestApp;
  let jpeg: Buffer;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });

  async function waitForJob(jobId: string) {
    for (let i = 0; i < 200; i++) {
      const res = await t.request().get(`/api/admin/jobs/${jobId}`).set(auth()).expect(200);
      if (res.body.state === 'completed' || res.body.state === 'failed') return res.body;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`job ${jobId} did not finish`);
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_URL: process.env.REDIS_URL! } });
    jpeg = await bigJpeg();
    expect(t.app.get<JobQueue>(JOB_QUEUE).kind).toBe('bullmq');
  });
  afterAll(() => t.close());

  describe('POST /api/user/upload (custom poster)', () => {
    it('accepts a real photo with the pixels to print at the size ordered, stores it under a random name and adds a custom line to the cart', async () => {
      const res = await t
        .request()
        .post('/api/user/upload')
        .field('size', 'SIZE_30x40')
        .field('quantity', '2')
        .attach('file', jpeg, { filename: '../../etc/my photo.png', contentType: 'image/png' })
        .expect(201);
      expect(res.body.customImagePath).toMatch(/^\/uploads\/custom\/[0-9a-f-]{36}\.jpg$/);
      expect(res.headers['x-cart-id']).toBe(res.body.cartId);
      expect(res.body.cart.items).toEqual([expect.objectContaining({ size: 'SIZE_30x40', quantity: 2, customImagePath: res.body.customImagePath })]);
      // What is served is the server's re-encode of the upload, not the bytes as sent.
      const served = await t.request().get(res.body.customImagePath).buffer(true).expect(200);
      expect(Buffer.compare(served.body, jpeg)).not.toBe(0);
      expect(await sharp(served.body).metadata()).toMatchObject({ format: 'jpeg', ...BIG_JPEG });
      const events = await t.store.readStream(`cart-${res.body.cartId}`);
      expect(events[0]).toMatchObject({ type: 'ItemAddedToCart', data: { kind: 'custom', customImagePath: res.body.customImagePath } });
    });

    it('adds to the cart named by X-Cart-Id', async () => {
      const first = await t.request().post('/api/user/upload').field('size', 'SIZE_20x30').field('quantity', '1').attach('file', jpeg, 'a.jpg').expect(201);
      const second = await t
        .request()
        .post('/api/user/upload')
        .set('X-Cart-Id', first.body.cartId)
        .field('size', '20x30')
        .field('quantity', '1')
        .attach('file', jpeg, 'b.jpg')
        .expect(201);
      expect(second.body.cartId).toBe(first.body.cartId);
      expect(second.body.cart.items).toHaveLength(2);
      expect(second.body.customImagePath).not.toBe(first.body.customImagePath);
    });

    it('refuses a text file renamed .jpg (400) and writes nothing', async () => {
      // Originals only: thumbnail jobs of earlier uploads may still be writing.
      const originals = async () => (await readdir(t.config.uploadsDir, { recursive: true })).filter((f) => !f.includes('thumbs'));
      const before = await originals();
      const text = Buffer.from('definitely a photo '.repeat(40_000));
      await t.request().post('/api/user/upload').field('size', 'SIZE_30x40').field('quantity', '1').attach('file', text, { filename: 'photo.jpg', contentType: 'image/jpeg' }).expect(400);
      expect(await originals()).toEqual(before);
    });

    it('refuses the 1,000,000 x 100 PNG bomb with 400 and a clear message in well under a second, storing and queueing nothing', async () => {
      const bomb = pngBomb(1_000_000, 100);
      const originals = async () => (await readdir(t.config.uploadsDir, { recursive: true })).filter((f) => !f.includes('thumbs'));
      // The app's own BullMQ queue of the shopper lane (where thumbnails go), read directly.
      const queue = new Queue(laneQueueName(jobQueueNameFor(t.config.databaseUrl, process.env.JOBS_QUEUE), 'shopper'), { connection: { url: process.env.REDIS_URL! } });
      try {
        const jobsIn = async () => Object.values(await queue.getJobCounts()).reduce((a, b) => a + b, 0);
        const filesBefore = await originals();
        const jobsBefore = await jobsIn();
        const started = performance.now();
        const res = await t.request().post('/api/user/upload').field('size', 'SIZE_30x40').field('quantity', '1').attach('file', bomb, { filename: 'panorama.png', contentType: 'image/png' }).expect(400);
        const elapsed = performance.now() - started;
        expect(res.body.message).toBe(MESSAGES.sideTooLong);
        expect(elapsed).toBeLessThan(1000);
        expect(await originals()).toEqual(filesBefore);
        expect(await jobsIn()).toBe(jobsBefore);
        expect(res.headers['x-cart-id']).toBeUndefined();
      } finally {
        await queue.close();
      }
    });

    describe('judges a photo by what will print at the size ordered, from its real pixels', () => {
      // 1500x2000 of flat colour: a few KB of PNG, so the file's size says nothing about its print.
      let photo: Buffer;
      beforeAll(async () => {
        photo = await sharp({ create: { width: 1500, height: 2000, channels: 3, background: '#4a7' } }).png().toBuffer();
        expect(photo.length).toBeLessThan(500 * 1024);
      });
      const upload = (size: string, file: Buffer, name = 'photo.png') => t.request().post('/api/user/upload').field('size', size).field('quantity', '1').attach('file', file, name);

      it('a 1500x2000 PNG is a sharp 20x30 cm print and a soft 40x50 cm one, accepted with the warning figures', async () => {
        const small = await upload('SIZE_20x30', photo).expect(201);
        expect(small.body.print).toMatchObject({ verdict: 'sharp', ppi: 169, width: 1500, height: 2000 });
        const large = await upload('SIZE_40x50', photo).expect(201);
        expect(large.body.print).toEqual({ verdict: 'soft', ppi: 95, width: 1500, height: 2000, widthCm: 40, heightCm: 50, sharpWidth: 2362, sharpHeight: 2953, minimumWidth: 1134, minimumHeight: 1417 });
      });

      it('refuses a photo under 72 ppi at the size ordered with a 400 naming the file, the size and the pixels needed, storing nothing', async () => {
        const originals = async () => (await readdir(t.config.uploadsDir, { recursive: true })).filter((f) => !f.includes('thumbs') && !f.startsWith('.incoming'));
        const before = await originals();
        const tiny = await upload('SIZE_40x50', await smallPng(), 'small.png').expect(400);
        expect(tiny.body).toMatchObject({
          code: 'PHOTO_TOO_SMALL_TO_PRINT',
          message: 'This photo is 40×60 pixels, too few to print at 40×50 cm: it would give 2 pixels per inch. Choose a smaller size or a photo of at least 1134×1417 pixels (2362×2953 for a sharp print).',
          fieldErrors: { file: expect.stringContaining('40×50 cm') },
          params: { width: 40, height: 60, widthCm: 40, heightCm: 50, minimumWidth: 1134, minimumHeight: 1417 },
        });
        expect(tiny.headers['x-cart-id']).toBeUndefined();
        // A 1000x1400 photo gives 50 ppi at 50x70 cm (the size written as the form may send it).
        const narrow = await sharp({ create: { width: 1000, height: 1400, channels: 3, background: '#4a7' } }).png().toBuffer();
        const refused = await upload('50x70', narrow).expect(400);
        expect(refused.body.params).toMatchObject({ widthCm: 50, heightCm: 70, ppi: 50 });
        expect(await originals()).toEqual(before);
      });
    });

    it('answers the spec messages for a missing image, size or quantity', async () => {
      const noFile = await t.request().post('/api/user/upload').field('size', 'SIZE_30x40').field('quantity', '1').expect(400);
      expect(noFile.body.message).toBe('Please select an image to upload.');
      const noSize = await t.request().post('/api/user/upload').field('quantity', '1').attach('file', jpeg, 'a.jpg').expect(400);
      expect(noSize.body.message).toBe(`${MESSAGES.noSize} ${MESSAGES.fieldsFirst}`);
      const zero = await t.request().post('/api/user/upload').field('size', 'SIZE_30x40').field('quantity', '0').attach('file', jpeg, 'a.jpg').expect(400);
      expect(zero.body.message).toBe('Quantity must be at least 1.');
      const badSize = await t.request().post('/api/user/upload').field('size', 'HUGE').field('quantity', '1').attach('file', jpeg, 'a.jpg').expect(400);
      expect(badSize.body.message).toBe('Please select a valid size');
    });

    it('refuses a form whose size is missing, bad or sent after the file before a byte of the image is stored', async () => {
      const guard = t.app.get<UploadSpaceGuard>(UPLOAD_SPACE_GUARD);
      const storage = t.app.get<FileStorage>(FILE_STORAGE);
      const incoming = path.join(t.config.uploadsDir, INCOMING_DIR);
      await mkdir(incoming, { recursive: true });
      const everything = async () => (await readdir(t.config.uploadsDir, { recursive: true })).sort();
      const filesBefore = await everything();
      const usedBefore = await storage.usedBytes();
      const checks = jest.spyOn(guard, 'check');
      // Every file created in the incoming folder while the requests run; a marker written last is
      // seen after any of theirs (inotify reports a folder's events in order), so no wait is timed.
      const created: string[] = [];
      const watcher = watch(incoming, (_event, name) => created.push(String(name)));
      try {
        const photo = Buffer.concat([jpeg, Buffer.alloc(4 * 1024 * 1024, 1)]);
        const sizeAfterFile = await t.request().post('/api/user/upload').attach('file', photo, 'a.jpg').field('size', 'SIZE_30x40').expect(400);
        expect(sizeAfterFile.body.message).toBe(`${MESSAGES.noSize} ${MESSAGES.fieldsFirst}`);
        const noSize = await t.request().post('/api/user/upload').field('quantity', '1').attach('file', photo, 'a.jpg').expect(400);
        expect(noSize.body.message).toMatch(/size/);
        const badSize = await t.request().post('/api/user/upload').field('size', 'HUGE').attach('file', photo, 'a.jpg').expect(400);
        expect(badSize.body.message).toBe('Please select a valid size');
        const badQuantity = await t.request().post('/api/user/upload').field('size', 'SIZE_30x40').field('quantity', '0').attach('file', photo, 'a.jpg').expect(400);
        expect(badQuantity.body.message).toBe(MESSAGES.badQuantity);
        const nul = await t.request().post('/api/user/upload').field('size', 'SIZE_30x40\u0000').attach('file', photo, 'a.jpg').expect(400);
        expect(nul.body.message).toBe('size contains a NUL byte');
        const marker = path.join(incoming, `marker-${Date.now()}`);
        await writeFile(marker, '');
        while (!created.includes(path.basename(marker))) await once(watcher, 'change');
        await rm(marker);
        expect(created.filter((name) => name !== path.basename(marker))).toEqual([]);
      } finally {
        watcher.close();
        checks.mockRestore();
      }
      expect(checks).not.toHaveBeenCalled();
      expect(await storage.usedBytes()).toBe(usedBefore);
      expect(await everything()).toEqual(filesBefore);
    });

    it('refuses a file over 20 MB with 413', async () => {
      const huge = Buffer.concat([jpeg, Buffer.alloc(21 * 1024 * 1024)]);
      const res = await t.request().post('/api/user/upload').field('size', 'SIZE_30x40').field('quantity', '1').attach('file', huge, 'huge.jpg');
      expect(res.status).toBe(413);
    });
  });

  describe('gallery', () => {
    it('uploads an image (admin), makes the three webp thumbnails in a job, lists it and deletes it', async () => {
      const png = await noiseImage('webp', 700, 900);
      const res = await t.request().post('/api/gallery/upload').set(auth()).attach('file', png, 'g.webp').expect(201);
      expect(res.body.imageUrl).toMatch(/^\/uploads\/gallery\/[0-9a-f-]{36}\.webp$/);
      const job = await waitForJob(res.body.thumbnails.jobId);
      expect(job).toMatchObject({ state: 'completed', progress: 100, name: 'image.thumbnails' });
      const sizes = [];
      for (const url of res.body.thumbnails.urls) {
        const thumb = await t.request().get(url).buffer(true).expect(200);
        const meta = await sharp(thumb.body).metadata();
        sizes.push([meta.format, meta.width, meta.height]);
      }
      expect(sizes).toEqual([
        ['webp', 300, 400],
        ['webp', 400, 533],
        ['webp', 600, 800],
      ]);
      await t.waitForProjections(res.headers['x-event-position']);
      const list = await t.request().get('/api/gallery').expect(200);
      expect(JSON.stringify(list.body)).toContain(res.body.imageUrl);
      await t.request().delete(`/api/gallery/${res.body.id}`).set(auth()).expect(200);
      await t.request().delete(`/api/gallery/${res.body.id}`).set(auth()).expect(404);
    });

    it('stores an image, its thumbnails and their folders for the API\'s user only (0600, 0700), and still serves them', async () => {
      const res = await t.request().post('/api/gallery/upload').set(auth()).attach('file', await noiseImage('webp', 700, 900), 'g.webp').expect(201);
      expect((await waitForJob(res.body.thumbnails.jobId)).state).toBe('completed');
      const onDisk = (url: string) => path.join(t.config.uploadsDir, url.replace(/^\/uploads\//, ''));
      const files = [res.body.imageUrl, ...res.body.thumbnails.urls].map(onDisk);
      const folders = [t.config.uploadsDir, path.join(t.config.uploadsDir, INCOMING_DIR), ...new Set(files.map((f) => path.dirname(f)))];
      const modes = async (paths: string[]) => Promise.all(paths.map(async (p) => (await stat(p)).mode & 0o777));
      expect(await modes(files)).toEqual(files.map(() => 0o600));
      expect(await modes(folders)).toEqual(folders.map(() => 0o700));
      for (const url of [res.body.imageUrl, ...res.body.thumbnails.urls]) await t.request().get(url).buffer(true).expect(200);
    });

    it('refuses a missing file and a non-image', async () => {
      const none = await t.request().post('/api/gallery/upload').set(auth()).expect(400);
      expect(none.body.message).toBe('Please select an image to upload.');
      await t.request().post('/api/gallery/upload').set(auth()).attach('file', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png').expect(400);
    });
  });
});
