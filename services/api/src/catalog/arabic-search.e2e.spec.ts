import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { seedPoster, VALID_CHECKOUT } from '../testing/seed-catalogue.js';

/**
 * Searches typed the way an Egyptian shopper or admin types them, through the HTTP API on the real
 * stack: Arabic spelt any of the ways a reader takes for the same word, digits from an Arabic
 * keyboard, and a phone in every form checkout accepts.
 */
describe('search that understands Arabic (HTTP, real projector)', () => {
  let t: TestApp;
  let alexandria: string;
  let order: { orderNumber: string };
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });

  beforeAll(async () => {
    t = await createTestApp();
    alexandria = (await seedPoster(t.store, { name: 'خريطة الإسكندرية القديمة', description: 'طبعة عام 1950', category: 'ART', prices: { SIZE_20x30: 20000 } })).posterId;
    await seedPoster(t.store, { name: 'Cairo Tower', description: 'Zamalek at night', category: 'OTHER' });
    const cart = await t.request().post('/api/user/cart').send({ posterId: alexandria, size: 'SIZE_20x30', quantity: 2 }).expect(200);
    const res = await t.request().post('/api/user/cart/checkout').set('X-Cart-Id', cart.body.cartId)
      .send({ ...VALID_CHECKOUT, firstName: 'منى', lastName: 'الأسيوطي', phone: '+20 101 234 5678' }).expect(200);
    order = { orderNumber: res.body.orderNumber as string };
    expect(await t.waitForProjections()).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
  });

  const shopSearch = async (search: string) =>
    (await t.request().get('/api/public/posters').query({ search }).expect(200)).body.posters.map((p: { id: string }) => p.id);

  it.each([
    ['خريطة', 'the spelling of the name'],
    ['خريطه', 'ta marbuta written as ha'],
    ['الاسكندرية', 'alef without hamza'],
    ['١٩٥٠', 'the year in Arabic-Indic digits'],
    ['خَرِيطَة', 'with tashkeel'],
  ])('the shop finds the poster by %s (%s)', async (search) => {
    expect(await shopSearch(search)).toEqual([alexandria]);
  });

  it('the shop finds nothing for a word the poster does not have, and Latin text in any case', async () => {
    expect(await shopSearch('خريطتي')).toEqual([]);
    expect(await shopSearch('zamalek')).toHaveLength(1);
  });

  it('the admin poster list folds its search the same way', async () => {
    const res = await t.request().get('/api/admin/posters').query({ search: 'الاسكندريه' }).set(auth()).expect(200);
    expect(res.body.data.map((p: { id: string }) => p.id)).toEqual([alexandria]);
  });

  it.each(['01012345678', '٠١٠١٢٣٤٥٦٧٨', '+201012345678', '+20 10 1234 5678', '0020 101 234 5678', '٠١٠١٢٣٤', 'مني', 'الاسيوطي'])(
    'the admin order search finds the order by %s',
    async (search) => {
      const res = await t.request().get('/api/admin/orders').query({ search }).set(auth()).expect(200);
      expect(res.body.data.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([order.orderNumber]);
    },
  );

  it.each(['placed', 'Placed', 'جديد', 'تم استلام الطلب'])('the admin order search finds the placed order by the status word %s', async (search) => {
    const res = await t.request().get('/api/admin/orders').query({ search }).set(auth()).expect(200);
    expect(res.body.data.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([order.orderNumber]);
  });

  it.each(['confirmed', 'مؤكد', 'مؤكده', 'تم الشحن'])('the admin order search finds no order by the status word %s (none is in that status)', async (search) => {
    const res = await t.request().get('/api/admin/orders').query({ search }).set(auth()).expect(200);
    expect(res.body.data).toEqual([]);
  });

  it.each(['01012345678', '٠١٠١٢٣٤٥٦٧٨', '+201012345678', '+20 10 1234 5678', '٠١٠١٢٣٤', 'مني', 'منى', 'الاسيوطي'])(
    'the admin customers search finds the customer by %s',
    async (search) => {
      const res = await t.request().get('/api/admin/customers').query({ search }).set(auth()).expect(200);
      expect(res.body.data.map((c: { lastName: string }) => c.lastName)).toEqual(['الأسيوطي']);
    },
  );

  it('the admin customers search finds nobody for another phone or name', async () => {
    for (const search of ['+201099999999', 'الاسيوطيه']) {
      const res = await t.request().get('/api/admin/customers').query({ search }).set(auth()).expect(200);
      expect(res.body.data).toEqual([]);
    }
  });

  it('the admin order search finds nothing for another phone', async () => {
    const res = await t.request().get('/api/admin/orders').query({ search: '+201099999999' }).set(auth()).expect(200);
    expect(res.body.data).toEqual([]);
  });

  it('an admin gives a poster Arabic wording: the shop shows it, searches it, and an empty one clears it', async () => {
    const created = await t.request().post('/api/admin/posters').set(auth()).send({
      name: 'Nile at Dusk', description: 'Feluccas at sunset', nameAr: ' النيل عند الغروب ', descriptionAr: 'مراكب شراعية عند الغروب',
      category: 'NATURE', imageUrl: 'https://cdn.example.com/nile.jpg', variants: [{ size: 'SIZE_30x40', price: 250 }],
    }).expect(201);
    expect(created.body).toMatchObject({ name: 'Nile at Dusk', nameAr: 'النيل عند الغروب', descriptionAr: 'مراكب شراعية عند الغروب' });
    const id = created.body.id as string;
    const position = created.headers['x-event-position'] as string;
    const shown = await t.request().get(`/api/public/posters/${id}`).set('X-Wait-For-Position', position).expect(200);
    expect(shown.body).toMatchObject({ name: 'Nile at Dusk', nameAr: 'النيل عند الغروب', descriptionAr: 'مراكب شراعية عند الغروب' });
    expect(await shopSearch('مراكب شراعيه')).toEqual([id]);
    expect(await shopSearch('النيل')).toEqual([id]);

    const cleared = await t.request().put(`/api/admin/posters/${id}`).set(auth()).send({ nameAr: '' }).expect(200);
    expect(cleared.body).toMatchObject({ name: 'Nile at Dusk', nameAr: '', descriptionAr: 'مراكب شراعية عند الغروب' });
    const after = await t.request().get(`/api/public/posters/${id}`).set('X-Wait-For-Position', cleared.headers['x-event-position'] as string).expect(200);
    expect(after.body.nameAr).toBe('');
  });
});
