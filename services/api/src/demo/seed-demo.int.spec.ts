import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createEventStore } from '#event-store/create-event-store.js';
import type { EventStore } from '#event-store/event-store.port.js';
import { countStoredEvents, createTestDatabase, waitUntilStoredEventsVisible } from '#platform/testing/test-database.js';
import { scriptLanguage } from '#domain/shared/script-language.js';
import { DEMO_POSTERS, DEMO_PRODUCTS } from './demo-catalogue.js';
import { writeDemoImage } from './demo-images.js';
import { seedDemoShop } from './seed-demo.js';
import { RENDITION_WIDTHS } from '#domain/catalog/image-renditions.js';
import { promoRulesOf, type PromoRules } from '#domain/promotion/promo-rules.js';
import { decidePromoUsage, evolvePromoUsage, initialPromoUsageState } from '#domain/promotion/promo-usage.decider.js';
import { renditionKey } from '../uploads/renditions.js';

describe('demo shop seed (real PostgreSQL event store)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: EventStore;
  let uploads: string;

  beforeAll(async () => {
    db = await createTestDatabase('seed');
    store = await createEventStore({ kind: 'postgres', connectionString: db.url });
    uploads = await mkdtemp(path.join(os.tmpdir(), 'seed-'));
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
    await rm(uploads, { recursive: true, force: true });
  });

  // Drawing is most of a seed's time: the seed is tested with small pictures, the shop's size once below.
  const SMALL = { width: 60, height: 80 };

  it('appends the catalogue as events with a system actor and writes decodable poster images', async () => {
    const result = await seedDemoShop(store, uploads, { imageSize: SMALL });
    expect(result).toEqual({ seeded: true, posters: DEMO_POSTERS.length });

    await waitUntilStoredEventsVisible(db.url, async () => (await store.readAll({ maxCount: 1000 })).length);
    const events = await store.readAll({ maxCount: 1000 });
    const count = (type: string) => events.filter((e) => e.type === type).length;
    expect(count('PosterCreated')).toBe(DEMO_POSTERS.length);
    expect(count('ProductCreated')).toBe(DEMO_PRODUCTS.length);
    expect(count('PromoCodeCreated')).toBe(1);
    // The follow popup's code: a thank-you no one can verify, so one order per customer.
    const promo = events.find((e) => e.type === 'PromoCodeCreated')!;
    expect(promo.data).toMatchObject({ code: 'FOLLOW10', percentOff: 10, oncePerCustomer: true });
    const rules = promoRulesOf(promo.data as Partial<PromoRules>);
    const first = decidePromoUsage({ type: 'UsePromoCode', data: { code: 'FOLLOW10', orderId: 'o1', customer: 'c1', usageLimit: rules.usageLimit, oncePerCustomer: rules.oncePerCustomer } }, initialPromoUsageState);
    const held = first.reduce(evolvePromoUsage, initialPromoUsageState);
    expect(() => decidePromoUsage({ type: 'UsePromoCode', data: { code: 'FOLLOW10', orderId: 'o2', customer: 'c1', usageLimit: rules.usageLimit, oncePerCustomer: rules.oncePerCustomer } }, held)).toThrow('You have already used this code');
    expect(new Set(events.map((e) => e.metadata.actor.kind))).toEqual(new Set(['system']));
    // Both languages for every wording a shopper reads: posters, add-ons, gallery captions, the banner.
    const pairs = (type: string, fields: Array<[string, string]>) =>
      events.filter((e) => e.type === type).flatMap((e) => fields.map(([en, ar]) => {
        const data = e.data as Record<string, string>;
        return [scriptLanguage(data[en] ?? ''), scriptLanguage(data[ar] ?? '')];
      }));
    const bilingual = [
      ...pairs('PosterCreated', [['name', 'nameAr'], ['description', 'descriptionAr']]),
      ...pairs('ProductCreated', [['name', 'nameAr'], ['description', 'descriptionAr']]),
      ...pairs('GalleryImageAdded', [['caption', 'captionAr']]),
      ...pairs('AnnouncementChanged', [['text', 'textAr']]),
    ];
    expect(bilingual).toHaveLength(2 * DEMO_POSTERS.length + 2 * DEMO_PRODUCTS.length + 6 + 1);
    expect(new Set(bilingual.map((pair) => pair.join('/')))).toEqual(new Set(['en/ar']));

    const files = await readdir(path.join(uploads, 'demo'));
    expect(files.length).toBeGreaterThanOrEqual(DEMO_POSTERS.length);
    for (const poster of DEMO_POSTERS) {
      const meta = await sharp(path.join(uploads, 'demo', `${poster.slug}.webp`)).metadata();
      expect([poster.slug, meta.format, meta.width, meta.height]).toEqual([poster.slug, 'webp', SMALL.width, SMALL.height]);
    }
  });

  it("draws a demo picture at the shop's size big enough for the zoom view (at least 1600 px tall), with a WebP rendition per width", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'seed-image-'));
    try {
      const relative = await writeDemoImage(dir, DEMO_POSTERS[0].slug);
      const meta = await sharp(path.join(dir, relative)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 1600]);
      for (const width of RENDITION_WIDTHS) {
        const rendition = await sharp(path.join(dir, renditionKey(relative, width))).metadata();
        expect([rendition.format, rendition.width, rendition.height]).toEqual(['webp', width, Math.round((width * 4) / 3)]);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('seeding again appends nothing', async () => {
    const before = await countStoredEvents(db.url);
    expect(await seedDemoShop(store, uploads)).toEqual({ seeded: false, posters: 0 });
    expect(await countStoredEvents(db.url)).toBe(before);
  });
});
