import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { seedDiscount, seedPoster, seedProduct } from '../testing/seed-catalogue.js';
import { formatPosition } from '#event-store/event-store.port.js';

describe('public catalogue reads (HTTP, real projector)', () => {
  let t: TestApp;
  let visible: string[];
  let hidden: string;
  beforeAll(async () => {
    t = await createTestApp();
    visible = [];
    for (let i = 0; i < 5; i++) {
      const category = i < 3 ? 'ANIME' : 'CARS';
      visible.push((await seedPoster(t.store, { name: `Poster ${i}`, description: i === 4 ? 'A Red Ferrari at dusk' : 'plain', category })).posterId);
    }
    hidden = (await seedPoster(t.store, { name: 'Secret', category: 'ANIME', visible: false })).posterId;
    await seedProduct(t.store, { name: 'Frame', price: 7550 });
    await seedDiscount(t.store, 'CARS', 10);
    expect(await t.waitForProjections()).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs the real projector in-process', () => {
    expect(t.projectorRunning).toBe(true);
  });

  it('pages visible posters with the pagination fields', async () => {
    const res = await t.request().get('/api/public/posters?page=1&limit=2').expect(200);
    expect(res.body.posters).toHaveLength(2);
    expect(res.body).toMatchObject({ currentPage: 1, totalPages: 3, totalItems: 5, itemsPerPage: 2, hasNextPage: true, hasPreviousPage: false });
    const last = await t.request().get('/api/public/posters?page=3&limit=2').expect(200);
    expect(last.body).toMatchObject({ currentPage: 3, hasNextPage: false, hasPreviousPage: true });
    expect(last.body.posters).toHaveLength(1);
    const past = await t.request().get('/api/public/posters?page=9&limit=2').expect(200);
    expect(past.body).toMatchObject({ posters: [], totalItems: 5, currentPage: 9, hasNextPage: false });
  });

  it('never shows hidden posters, in lists or by id', async () => {
    const all = await t.request().get('/api/public/posters?limit=100').expect(200);
    expect(all.body.posters.map((p: { id: string }) => p.id)).not.toContain(hidden);
    const res = await t.request().get(`/api/public/posters/${hidden}`).expect(404);
    expect(res.body.message).toBe('Poster not found');
  });

  it('searches name and description case-insensitively and filters by category', async () => {
    const s = await t.request().get('/api/public/posters?search=ferRARI').expect(200);
    expect(s.body.posters.map((p: { id: string }) => p.id)).toEqual([visible[4]]);
    const c = await t.request().get('/api/public/posters?category=cars').expect(200);
    expect(c.body.totalItems).toBe(2);
    const none = await t.request().get('/api/public/posters?search=%25').expect(200);
    expect(none.body.totalItems).toBe(0);
  });

  it('shows poster detail with EGP prices and the category discount', async () => {
    const res = await t.request().get(`/api/public/posters/${visible[3]}`).expect(200);
    expect(res.body).toMatchObject({ id: visible[3], category: 'CARS', hasDiscount: true, discountPercentage: 10 });
    const v = res.body.variants.find((x: { size: string }) => x.size === 'SIZE_20x30');
    expect(v).toMatchObject({ price: 200, discountedPrice: 180 });
  });

  it('answers cards in grids: what a card shows, "from" the cheapest size after the category discount', async () => {
    type Variant = { price: number; discountedPrice: number };
    const CARD_KEYS = ['category', 'discountPercentage', 'id', 'imageUrl', 'name', 'nameAr', 'originalPrice', 'price'];
    const cards = (await t.request().get('/api/public/posters?limit=100').expect(200)).body.posters as Array<Record<string, unknown>>;
    for (const id of [visible[3], visible[0]]) {
      const card = cards.find((c) => c.id === id)!;
      expect(Object.keys(card).sort()).toEqual(CARD_KEYS);
      const detail = (await t.request().get(`/api/public/posters/${id}`).expect(200)).body as { category: string; variants: Variant[] };
      const cheapest = detail.variants.reduce((a, v) => (v.discountedPrice < a.discountedPrice ? v : a));
      expect(card).toMatchObject({ price: cheapest.discountedPrice, originalPrice: cheapest.price, discountPercentage: detail.category === 'CARS' ? 10 : 0 });
    }
    expect(cards.find((c) => c.id === visible[3])).toMatchObject({ name: 'Poster 3', category: 'CARS' });
    // The other grids answer the same cards.
    const featured = (await t.request().get('/api/public/featured').expect(200)).body as Array<Record<string, unknown>>;
    const recommended = (await t.request().get(`/api/public/posters?categories=ANIME&exclude=${visible[0]}`).expect(200)).body as Array<Record<string, unknown>>;
    for (const card of [...featured, ...recommended]) expect(card).toEqual(cards.find((c) => c.id === card.id));
  });

  it('recommends ≤ 4 posters of a category, leaving out the current one', async () => {
    const res = await t.request().get(`/api/public/posters?categories=ANIME&exclude=${visible[0]}`).expect(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((p: { id: string }) => p.id).sort()).toEqual([visible[1], visible[2]].sort());
  });

  it('serves featured (≤ 6), categories, discounts, products, announcement, gallery, pricing', async () => {
    expect((await t.request().get('/api/public/featured').expect(200)).body).toHaveLength(5);
    expect((await t.request().get('/api/public/categories').expect(200)).body).toEqual(['CARS', 'ANIME']);
    expect((await t.request().get('/api/public/discounts').expect(200)).body).toEqual([{ id: 1, category: 'CARS', percentage: 10, active: true, startsOn: null, endsOn: null }]);
    expect((await t.request().get('/api/public/products').expect(200)).body).toEqual([expect.objectContaining({ name: 'Frame', price: 75.5 })]);
    expect((await t.request().get('/api/public/announcement').expect(200)).body).toEqual({ text: null, textAr: null });
    expect((await t.request().get('/api/gallery').expect(200)).body).toEqual([]);
    const pricing = (await t.request().get('/api/pricing').expect(200)).body;
    expect(pricing).toHaveLength(4);
    expect(pricing[0]).toMatchObject({ size: 'SIZE_20x30', price: 150 });
    expect((await t.request().get('/api/public/posters/bestsellers').expect(200)).body).toEqual([]);
  });

  it('serves the shop config the web and the server share', async () => {
    const res = await t.request().get('/api/public/config').expect(200);
    expect(res.body.governorates).toHaveLength(27);
    expect(res.body.governorates[0]).toMatchObject({ code: 'CAIRO', nameEn: 'Cairo', nameAr: 'القاهرة' });
    expect(res.body).toMatchObject({ exemptGovernorates: ['CAIRO', 'GIZA'], freeShippingThreshold: 1499, codFee: 20, taxRate: 14, minimumPosters: 2 });
    expect(res.body.sizes.map((s: { code: string }) => s.code)).toEqual(['SIZE_20x30', 'SIZE_30x40', 'SIZE_40x50', 'SIZE_50x70']);
    expect(res.body.categories).toHaveLength(8);
    expect(res.body.categories[0]).toEqual({ code: 'FOOTBALL', label: 'Football', nameEn: 'Football', nameAr: 'كرة القدم' });
  });

  it('answers 400 with a message for a bad query', async () => {
    const res = await t.request().get('/api/public/posters?page=0').expect(400);
    expect(res.body.message).toBe('page must be at least 1');
    expect((await t.request().get('/api/public/posters?category=NOPE').expect(400)).body.message).toBe('Unknown category');
  });

  it('waits for the caller\'s own write with X-Wait-For-Position', async () => {
    const add = await seedPoster(t.store, { name: 'Fresh one', category: 'QUOTES' });
    const res = await t.request().get(`/api/public/posters/${add.posterId}`).set('X-Wait-For-Position', formatPosition(add.position)).expect(200);
    expect(res.body.name).toBe('Fresh one');
  });
});
