import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { formatPosition } from '#event-store/event-store.port.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { smallPng } from '../uploads/testing/test-images.js';

/**
 * Add-ons, gallery captions and old wording through the HTTP API on the real stack: both languages
 * kept, either one enough, each Arabic field refused at the edge by name, and an add-on written in
 * Arabic before there were two languages read (and projected) as Arabic.
 */
describe('a bilingual catalogue: add-ons and gallery captions (HTTP, real projector)', () => {
  let t: TestApp;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  const shopProducts = async (position: string) =>
    (await t.request().get('/api/public/products').set('X-Wait-For-Position', position).expect(200)).body as Array<Record<string, unknown>>;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an add-on keeps both languages; the shop lists both; an edit without the Arabic keeps it, an empty one clears it', async () => {
    const created = await t.request().post('/api/products').set(auth()).send({
      name: 'Black Frame', description: 'Slim wood', nameAr: ' برواز أسود ', descriptionAr: 'خشب رفيع\nبزجاج', price: 180,
    }).expect(201);
    expect(created.body).toMatchObject({ name: 'Black Frame', nameAr: 'برواز أسود', descriptionAr: 'خشب رفيع\nبزجاج' });
    const id = created.body.id as string;
    const listed = (await shopProducts(created.headers['x-event-position'] as string)).find((p) => p.id === id);
    expect(listed).toMatchObject({ name: 'Black Frame', description: 'Slim wood', nameAr: 'برواز أسود', descriptionAr: 'خشب رفيع\nبزجاج', price: 180 });

    const kept = await t.request().put(`/api/products/${id}`).set(auth()).send({ name: 'Black Frame', description: 'Slim oak', price: 180 }).expect(200);
    expect(kept.body).toMatchObject({ description: 'Slim oak', nameAr: 'برواز أسود' });
    const cleared = await t.request().put(`/api/products/${id}`).set(auth()).send({ name: 'Black Frame', description: 'Slim oak', nameAr: '', price: 180 }).expect(200);
    expect(cleared.body).toMatchObject({ nameAr: '', descriptionAr: 'خشب رفيع\nبزجاج' });
    const admin = await t.request().get('/api/products').set(auth()).set('X-Wait-For-Position', cleared.headers['x-event-position'] as string).expect(200);
    expect(admin.body.data.find((p: { id: string }) => p.id === id)).toMatchObject({ nameAr: '', descriptionAr: 'خشب رفيع\nبزجاج' });
  });

  it('one language is enough; none is refused', async () => {
    const arabic = await t.request().post('/api/products').set(auth()).send({ name: '', description: '', nameAr: 'تغليف هدية', descriptionAr: 'أنبوبة كرافت', price: 60 }).expect(201);
    expect(arabic.body).toMatchObject({ name: '', nameAr: 'تغليف هدية' });
    await t.request().post('/api/products').set(auth()).send({ name: ' ', description: 'x', nameAr: '', price: 60 }).expect(400);
  });

  it.each([
    [{ nameAr: 'ب'.repeat(201) }, 'nameAr must be at most 200 characters'],
    [{ descriptionAr: 'ب'.repeat(5001) }, 'descriptionAr must be at most 5000 characters'],
    [{ nameAr: 12 }, 'nameAr must be text'],
    [{ nameAr: 'برواز\u0000' }, 'nameAr'],
    [{ nameAr: 'برواز\nأسود' }, 'nameAr'],
  ])('refuses a bad Arabic field naming it (case %#)', async (patch, message) => {
    const res = await t.request().post('/api/products').set(auth()).send({ name: 'Frame', description: 'Wood', price: 100, ...patch }).expect(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });

  it('an add-on written in Arabic before there were two languages reads and projects as Arabic', async () => {
    const productId = randomUUID();
    const old = { productId, name: 'برواز ذهبي', description: 'Gold leaf', price: 25000, imageUrl: null };
    const { position } = await t.store.append(`product-${productId}`, [{
      id: randomUUID(), type: 'ProductCreated', data: old,
      metadata: { correlationId: 'old', actor: { kind: 'admin', id: 'root' }, occurredAt: new Date().toISOString(), schemaVersion: 1 },
    }]);
    const listed = (await shopProducts(formatPosition(position))).find((p) => p.id === productId);
    expect(listed).toMatchObject({ name: '', nameAr: 'برواز ذهبي', description: 'Gold leaf', descriptionAr: '' });
    // The decider reads it the same way: an edit of the English wording keeps the Arabic name.
    const edited = await t.request().put(`/api/products/${productId}`).set(auth()).send({ name: 'Gold Frame', description: 'Gold leaf', price: 250 }).expect(200);
    expect(edited.body).toMatchObject({ name: 'Gold Frame', nameAr: 'برواز ذهبي' });
  });

  it('a gallery image keeps its two captions, listed for the shop; a bad caption is refused by name before any file is kept', async () => {
    const res = await t.request().post('/api/gallery/upload').set(auth())
      .field('caption', 'A living room in Zamalek').field('captionAr', 'صالة في الزمالك')
      .attach('file', await smallPng(), 'g.png').expect(201);
    await t.waitForProjections(res.headers['x-event-position'] as string);
    const list = await t.request().get('/api/gallery').expect(200);
    expect(list.body.find((g: { id: string }) => g.id === res.body.id)).toMatchObject({ caption: 'A living room in Zamalek', captionAr: 'صالة في الزمالك' });

    const long = await t.request().post('/api/gallery/upload').set(auth()).field('captionAr', 'ص'.repeat(201)).attach('file', await smallPng(), 'g.png').expect(400);
    expect(JSON.stringify(long.body)).toContain('captionAr must be at most 200 characters');
    const after = await t.request().get('/api/gallery').expect(200);
    expect(after.body).toHaveLength(list.body.length);
  });
});
