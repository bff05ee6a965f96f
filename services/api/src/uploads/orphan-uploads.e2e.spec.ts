import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { until } from '#platform/testing/until.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { VALID_CHECKOUT } from '../testing/seed-catalogue.js';
import { OrphanUploadsSchedule } from './orphan-uploads.schedule.js';
import { bigJpeg } from './testing/test-images.js';
import { loadUploadsConfig } from './uploads-config.js';

/**
 * The clean-up of shoppers' uploads nobody ordered, on the real stack (event store, read models,
 * disk), with its clock in the test's hands: file ages are set with utimes and the sweep is told
 * what time it is. Nothing sleeps.
 */
describe('orphan uploads clean-up (real API, controlled clock)', () => {
  let t: TestApp;
  let sweeper: OrphanUploadsSchedule;
  const grace = loadUploadsConfig().orphanGraceMs;
  const hour = 3600_000;

  beforeAll(async () => {
    t = await createTestApp();
    sweeper = t.app.get(OrphanUploadsSchedule);
  });
  afterAll(() => t.close());

  const filesUnder = async (dir: string) => (await readdir(path.join(t.config.uploadsDir, dir), { recursive: true }).catch(() => [] as string[])).map(String);
  const keyOf = (url: string) => url.replace(/^\/uploads\//, '');
  const uuidOf = (key: string) => path.basename(key, path.extname(key));

  async function upload(): Promise<{ cartId: string; key: string }> {
    const res = await t.request().post('/api/user/upload').field('size', 'SIZE_30x40').field('quantity', '1').attach('file', await bigJpeg(), 'photo.jpg').expect(201);
    const key = keyOf(res.body.customImagePath);
    // Its thumbnails and renditions made (8 files), so none is written after the sweep.
    await until('the renditions on disk', async () => (await filesUnder('custom/thumbs')).filter((f) => f.includes(uuidOf(key))).length === 8, 30_000);
    return { cartId: res.body.cartId, key };
  }

  it('removes an unordered upload with its renditions once it and its cart are idle past the grace period, and nothing else', async () => {
    expect(grace).toBe(720 * hour);
    const ordered = await upload();
    const checkout = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', ordered.cartId).send(VALID_CHECKOUT).expect(200);
    await t.waitForProjections(checkout.headers['x-event-position']);
    const abandoned = await upload();

    const t0 = Date.now();
    // Both files long past the grace period; the abandoned cart was used just now.
    const old = new Date(t0 - grace - hour);
    for (const { key } of [ordered, abandoned]) await utimes(path.join(t.config.uploadsDir, key), old, old);
    // A received file a crashed request left behind, two hours ago.
    await mkdir(path.join(t.config.uploadsDir, '.incoming'), { recursive: true });
    const stale = path.join(t.config.uploadsDir, '.incoming', 'left-behind.part');
    await writeFile(stale, 'x');
    await utimes(stale, new Date(t0 - 2 * hour), new Date(t0 - 2 * hour));

    // Now: the abandoned cart is still in use, so its photo stays.
    const first = await sweeper.sweep(() => t0);
    expect(first).toEqual({ removed: [], keptForCart: [abandoned.key], incomingRemoved: 1 });

    // A grace period after the cart's last use: the unordered upload goes, with every rendition.
    const second = await sweeper.sweep(() => t0 + grace + 2 * hour);
    expect(second).toEqual({ removed: [abandoned.key], keptForCart: [], incomingRemoved: 0 });
    const left = await filesUnder('custom');
    expect(left.filter((f) => f.includes(uuidOf(abandoned.key)))).toEqual([]);
    expect(left.filter((f) => f.includes(uuidOf(ordered.key)))).toHaveLength(9);
    expect(await filesUnder('.owners/custom')).toEqual([path.basename(ordered.key)]);
    // The ordered photo is still served.
    await t.request().get(`/uploads/${ordered.key}`).expect(200);
    // Its owner record exists but is never served: a cart id is a bearer secret.
    await t.request().get(`/uploads/.owners/${ordered.key}`).expect(404);
  });

  it('never serves a received file, judged or not', async () => {
    await mkdir(path.join(t.config.uploadsDir, '.incoming'), { recursive: true });
    await writeFile(path.join(t.config.uploadsDir, '.incoming', 'unjudged.part'), 'x');
    await t.request().get('/uploads/.incoming/unjudged.part').expect(404);
  });
});
