import { createTestApp, type TestApp } from '../testing/test-app.js';
import { noiseImage } from '../uploads/testing/test-images.js';

/** Promo codes, discounts, announcement, custom pricing, newsletter and add-on products through HTTP. */
describe('admin settings (HTTP, real stack)', () => {
  let t: TestApp;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });
  const read = async (path: string, position?: string) => {
    await t.waitForProjections(position);
    return t.request().get(path).set(auth()).expect(200);
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('promo codes', () => {
    it('creates (code upper-cased), toggles, changes percent, lists and deletes', async () => {
      const created = await t.request().post('/api/admin/promocodes').set(auth()).send({ code: ' welcome10 ', percentOff: 10 }).expect(201);
      expect(created.body).toMatchObject({ id: 'WELCOME10', code: 'WELCOME10', percentOff: 10, active: true });
      const off = await t.request().patch('/api/admin/promocodes/welcome10').set(auth()).send({ active: false }).expect(200);
      expect(off.body.active).toBe(false);
      const pct = await t.request().patch('/api/admin/promocodes/WELCOME10').set(auth()).send({ percentOff: 15 }).expect(200);
      expect(pct.body).toMatchObject({ percentOff: 15, active: false });
      const list = await read('/api/admin/promocodes', pct.headers['x-event-position']);
      expect(list.body).toMatchObject({ data: [expect.objectContaining({ code: 'WELCOME10', percentOff: 15, active: false })], totalItems: 1, currentPage: 1, totalPages: 1 });
      await t.request().delete('/api/admin/promocodes/WELCOME10').set(auth()).expect(200);
      const types = (await t.store.readStream('promo-WELCOME10')).map((e) => e.type);
      expect(types).toEqual(['PromoCodeCreated', 'PromoCodeDeactivated', 'PromoCodePercentChanged', 'PromoCodeDeleted']);
    });

    it('refuses bad input with the spec message, duplicates with 409, unknown codes with 404', async () => {
      const bad = await t.request().post('/api/admin/promocodes').set(auth()).send({ code: '   ', percentOff: 10 }).expect(400);
      expect(bad.body.message).toBe('Please enter a valid code and discount percentage (1-100)');
      await t.request().post('/api/admin/promocodes').set(auth()).send({ code: 'X', percentOff: 101 }).expect(400);
      await t.request().post('/api/admin/promocodes').set(auth()).send({ code: 'DUP', percentOff: 5 }).expect(201);
      await t.request().post('/api/admin/promocodes').set(auth()).send({ code: 'dup', percentOff: 5 }).expect(409);
      await t.request().patch('/api/admin/promocodes/NOPE').set(auth()).send({ active: true }).expect(404);
      await t.request().delete('/api/admin/promocodes/NOPE').set(auth()).expect(404);
      await t.request().patch('/api/admin/promocodes/DUP').set(auth()).send({}).expect(400);
    });
  });

  describe('discounts', () => {
    it('creates numbered discounts for a category or all, changes and deletes them', async () => {
      const all = await t.request().post('/api/admin/discounts').set(auth()).send({ percentage: 10, active: true, category: null }).expect(201);
      expect(all.body).toEqual({ id: 1, category: null, percentage: 10, active: true, startsOn: null, endsOn: null });
      const anime = await t.request().post('/api/admin/discounts').set(auth()).send({ percentage: 20, active: false, category: 'ANIME' }).expect(201);
      expect(anime.body).toMatchObject({ id: 2, category: 'ANIME', active: false });
      const changed = await t.request().patch('/api/admin/discounts/2').set(auth()).send({ active: true }).expect(200);
      expect(changed.body).toMatchObject({ id: 2, percentage: 20, active: true });
      const list = await read('/api/admin/discounts', changed.headers['x-event-position']);
      expect(list.body.map((d: { id: number; active: boolean }) => [d.id, d.active])).toEqual([
        [1, true],
        [2, true],
      ]);
      const removed = await t.request().delete('/api/admin/discounts/1').set(auth()).expect(200);
      expect(removed.body.message).toBe('Discount #1 deleted');
    });

    it('refuses bad percentages and categories (400) and unknown ids (404)', async () => {
      const bad = await t.request().post('/api/admin/discounts').set(auth()).send({ percentage: 0, active: true }).expect(400);
      expect(bad.body.message).toBe('percentage: Enter a value between 1 and 100');
      await t.request().post('/api/admin/discounts').set(auth()).send({ percentage: 10, category: 'SHOES' }).expect(400);
      await t.request().patch('/api/admin/discounts/99').set(auth()).send({ percentage: 5 }).expect(404);
      await t.request().delete('/api/admin/discounts/abc').set(auth()).expect(404);
    });
  });

  describe('announcement', () => {
    it('sets the text by POST or PATCH and answers { text, textAr }', async () => {
      const posted = await t.request().post('/api/admin/announcement').set(auth()).send({ text: '  Summer sale!  ' }).expect(200);
      expect(posted.body).toEqual({ text: 'Summer sale!', textAr: '' });
      const patched = await t.request().patch('/api/admin/announcement').set(auth()).send({ text: 'Free shipping' }).expect(200);
      expect(patched.body).toEqual({ text: 'Free shipping', textAr: '' });
      const got = await read('/api/admin/announcement', patched.headers['x-event-position']);
      expect(got.body.text).toBe('Free shipping');
      await t.request().post('/api/admin/announcement').set(auth()).send({ text: 'x'.repeat(501) }).expect(400);
      await t.request().post('/api/admin/announcement').set(auth()).send({}).expect(400);
    });

    it('keeps an Arabic text beside the default one: the shop gets both, a change of one keeps the other', async () => {
      const both = await t.request().post('/api/admin/announcement').set(auth()).send({ text: 'Sale', textAr: ' تخفيضات\nالصيف ' }).expect(200);
      expect(both.body).toEqual({ text: 'Sale', textAr: 'تخفيضات\nالصيف' });
      const english = await t.request().patch('/api/admin/announcement').set(auth()).send({ text: 'Big sale' }).expect(200);
      expect(english.body).toEqual({ text: 'Big sale', textAr: 'تخفيضات\nالصيف' });
      const banner = await read('/api/public/announcement', english.headers['x-event-position']);
      expect(banner.body).toEqual({ text: 'Big sale', textAr: 'تخفيضات\nالصيف' });
      const onlyArabic = await t.request().post('/api/admin/announcement').set(auth()).send({ text: '', textAr: 'تخفيضات' }).expect(200);
      expect((await read('/api/public/announcement', onlyArabic.headers['x-event-position'])).body).toEqual({ text: null, textAr: 'تخفيضات' });
    });

    it.each([
      [{ text: 'Sale', textAr: 'س'.repeat(501) }, 'textAr must be at most 500 characters'],
      [{ text: 'Sale', textAr: 7 }, 'textAr must be text'],
      [{ text: 'Sale', textAr: 'تخفيضات\u0000' }, 'textAr'],
    ])('refuses a bad Arabic text naming textAr (case %#)', async (body, message) => {
      const res = await t.request().post('/api/admin/announcement').set(auth()).send(body).expect(400);
      expect(JSON.stringify(res.body)).toContain(message);
    });
  });

  describe('custom poster pricing', () => {
    it('sets a size price from the query (with or without SIZE_) and refuses bad prices', async () => {
      const res = await t.request().put('/api/pricing/SIZE_30x40?price=275.5').set(auth()).expect(200);
      expect(res.body).toEqual({ size: 'SIZE_30x40', price: 275.5 });
      await t.request().put('/api/pricing/40x50?price=310').set(auth()).expect(200);
      const events = await t.store.readStream('custompricing');
      expect(events.map((e) => e.data)).toEqual([
        { size: 'SIZE_30x40', price: 27550 },
        { size: 'SIZE_40x50', price: 31000 },
      ]);
      for (const price of ['0', '-5', 'abc', '1.234', '']) {
        const bad = await t.request().put(`/api/pricing/SIZE_30x40?price=${price}`).set(auth()).expect(400);
        expect(bad.body.message).toBe('Please enter a valid positive number');
      }
      await t.request().put('/api/pricing/SIZE_99x99?price=10').set(auth()).expect(400);
      const pub = await read('/api/pricing', res.headers['x-event-position']);
      expect(JSON.stringify(pub.body)).toContain('275.5');
    });
  });

  describe('newsletter', () => {
    it('subscribes publicly, lists, exports CSV and unsubscribes by PATCH or DELETE', async () => {
      const a = await t.request().post('/api/public/newsletter').send({ email: ' Fan1950@Example.com ' }).expect(201);
      expect(a.body.email).toBe('fan1950@example.com');
      // Already subscribed: the same answer as a new address (the form tells nobody who is listed).
      const again = await t.request().post('/api/public/newsletter').send({ email: 'fan1950@example.com' }).expect(201);
      expect(again.body).toEqual(a.body);
      await t.request().post('/api/public/newsletter').send({ email: 'not-an-email' }).expect(400);
      const b = await t.request().post('/api/public/newsletter').send({ email: '=cmd@evil.com' }).expect(201);
      const list = await read('/api/admin/newsletter', b.headers['x-event-position']);
      expect(list.body.data.map((s: { email: string }) => s.email).sort()).toEqual(['=cmd@evil.com', 'fan1950@example.com']);
      expect(list.body).toMatchObject({ totalItems: 2, subscriberCount: 2 });
      const searched = await t.request().get('/api/admin/newsletter?search=EXAMPLE').set(auth()).expect(200);
      expect(searched.body).toMatchObject({ data: [expect.objectContaining({ email: 'fan1950@example.com' })], totalItems: 1, subscriberCount: 2 });
      // Typed on an Arabic keyboard, with the direction mark a paste carries: folded as every admin search is.
      const arabicDigits = await t.request().get(`/api/admin/newsletter?search=${encodeURIComponent('\u200fFAN١٩٥٠')}`).set(auth()).expect(200);
      expect(arabicDigits.body.data.map((s: { email: string }) => s.email)).toEqual(['fan1950@example.com']);
      const csv = await t.request().get('/api/admin/newsletter/export').set(auth()).expect(200);
      expect(csv.headers['content-disposition']).toMatch(/filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"/);
      const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
      expect(lines[0]).toBe('Email,Subscribed On');
      expect(lines).toContainEqual(expect.stringMatching(/^"'=cmd@evil\.com",\d{4}-/));
      await t.request().patch(`/api/admin/newsletter/${a.body.id}`).set(auth()).send({ subscribed: false }).expect(200);
      const removed = await t.request().delete(`/api/admin/newsletter/${b.body.id}`).set(auth()).expect(200);
      await t.request().delete(`/api/admin/newsletter/${b.body.id}`).set(auth()).expect(404);
      const after = await read('/api/admin/newsletter', removed.headers['x-event-position']);
      expect(after.body).toMatchObject({ data: [], totalItems: 0, subscriberCount: 0 });
    });
  });

  describe('add-on products', () => {
    it('creates from multipart (data part + file), edits keeping the image, lists and deletes', async () => {
      const png = await noiseImage('png', 32, 32);
      const created = await t
        .request()
        .post('/api/products')
        .set(auth())
        .field('data', JSON.stringify({ name: 'Frame', price: 75.5, description: 'Black wooden frame' }))
        .attach('file', png, 'frame.png')
        .expect(201);
      expect(created.body).toMatchObject({ name: 'Frame', price: 75.5, imageUrl: expect.stringMatching(/^\/uploads\/products\/[0-9a-f-]{36}\.png$/) });
      const edited = await t
        .request()
        .put(`/api/products/${created.body.id}`)
        .set(auth())
        .field('data', JSON.stringify({ name: 'Frame XL', price: 90, description: 'Bigger' }))
        .expect(200);
      expect(edited.body).toMatchObject({ name: 'Frame XL', price: 90, imageUrl: created.body.imageUrl });
      const list = await read('/api/products', edited.headers['x-event-position']);
      expect(list.body).toMatchObject({ data: [expect.objectContaining({ id: created.body.id, name: 'Frame XL', price: 90 })], totalItems: 1 });
      await t.request().delete(`/api/products/${created.body.id}`).set(auth()).expect(200);
      await t.request().delete(`/api/products/${created.body.id}`).set(auth()).expect(404);
    });

    it('refuses missing fields with the spec message and a non-image file with 400', async () => {
      const res = await t.request().post('/api/products').set(auth()).send({ name: 'X', price: 0, description: 'd' }).expect(400);
      expect(res.body.message).toBe('Please fill in all required fields');
      await t.request().post('/api/products').set(auth()).send({ name: 'X', description: 'd' }).expect(400);
      await t
        .request()
        .post('/api/products')
        .set(auth())
        .field('data', JSON.stringify({ name: 'X', price: 5, description: 'd' }))
        .attach('file', Buffer.from('not an image at all'), 'x.jpg')
        .expect(400);
      await t.request().post('/api/products').set(auth()).field('data', '{broken').expect(400);
    });
  });
});
