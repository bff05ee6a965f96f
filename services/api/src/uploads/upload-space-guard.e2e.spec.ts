import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { MAX_IMAGE_BYTES, MESSAGES } from './upload-limits.js';
import { bigJpeg } from './testing/test-images.js';

/** Everything under the uploads folder, the incoming folder included. */
async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** The app reads its upload bounds from the environment when it starts: one app per setting. */
async function appWith(env: Record<string, string>): Promise<TestApp> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await createTestApp({ projector: false });
  } finally {
    for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  }
}

describe('uploads against the shop-wide space guards (real API)', () => {
  let jpeg: Buffer;
  beforeAll(async () => {
    jpeg = await bigJpeg();
  });

  const upload = (t: TestApp, bytes = jpeg) => t.request().post('/api/user/upload').field('size', 'SIZE_30x40').field('quantity', '1').attach('file', bytes, 'photo.jpg');

  describe('with room to spare', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await appWith({});
    });
    afterAll(() => t.close());

    it('cuts off a body past the size limit while streaming: 413, and nothing left on disk', async () => {
      const tooBig = Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES + 1 - jpeg.length, 1)]);
      const res = await upload(t, tooBig);
      expect(res.status).toBe(413);
      expect(await filesIn(t.config.uploadsDir)).toEqual([]);
    });

    it('leaves no received file behind, kept or refused', async () => {
      const kept = await upload(t).expect(201);
      const refused = await upload(t, Buffer.from('not an image at all'.repeat(1000))).expect(400);
      expect(refused.body.message).toBe(MESSAGES.notAnImage);
      const files = await filesIn(t.config.uploadsDir);
      expect(files.filter((f) => f.startsWith('.incoming'))).toEqual([]);
      expect(files).toContain(kept.body.customImagePath.replace(/^\/uploads\//, ''));
    });

    it('reports the disk in /api/health', async () => {
      const res = await t.request().get('/api/health').set('Authorization', `Bearer ${t.adminToken()}`);
      expect(res.body.disk).toMatchObject({ status: 'up', minFreeMb: 1024 });
    });
  });

  describe('under the free-space watermark', () => {
    let t: TestApp;
    beforeAll(async () => {
      // No disk has a petabyte free: the watermark is always crossed.
      t = await appWith({ UPLOADS_MIN_FREE_MB: String(1024 ** 3) });
    });
    afterAll(() => t.close());

    it('refuses uploads with 507 and a sentence, writing nothing and appending nothing', async () => {
      const before = await t.eventCount();
      const res = await upload(t);
      expect({ status: res.status, error: res.body.error, message: res.body.message }).toEqual({ status: 507, error: 'Insufficient Storage', message: MESSAGES.diskLow });
      expect(await filesIn(t.config.uploadsDir)).toEqual([]);
      expect(await t.eventCount()).toBe(before);
    });

    it('names the disk, and no figure, to anonymous callers of /api/health', async () => {
      const res = await t.request().get('/api/health').expect(503);
      expect(res.body).toEqual({ status: 'degraded', failing: ['disk'] });
    });

    it('makes /api/health degraded, naming disk space', async () => {
      const res = await t.request().get('/api/health').set('Authorization', `Bearer ${t.adminToken()}`).expect(503);
      expect(res.body.status).toBe('degraded');
      expect(res.body.disk.status).toBe('low');
      expect(res.body.degraded).toContainEqual({ dependency: 'disk', reason: expect.stringMatching(/^disk space: \d+ MB free on the data disk, under the \d+ MB watermark \(UPLOADS_MIN_FREE_MB\)/) });
    });
  });

  describe('at the uploads quota', () => {
    let t: TestApp;
    beforeAll(async () => {
      // Half a megabyte: the first upload (under it when it starts) fits, and fills it.
      t = await appWith({ UPLOADS_QUOTA_MB: '0.5' });
    });
    afterAll(() => t.close());

    it('takes uploads until the folder reaches its quota, then answers 507', async () => {
      await upload(t).expect(201);
      const res = await upload(t);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 507, message: MESSAGES.quotaFull });
    });
  });
});
