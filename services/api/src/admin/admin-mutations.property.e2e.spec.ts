import fc from 'fast-check';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/**
 * Random bodies and queries to every mutating endpoint of the back-office (and the public
 * newsletter form): the answer is always a 4xx, never a 5xx, and the log does not move.
 */
describe('admin mutations under random input (fast-check)', () => {
  let t: TestApp;
  let posterId: string;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });

  /** Fields a valid body would use: random bodies never carry them (the typed cases below do, with wrong types). */
  const KNOWN = ['name', 'description', 'category', 'imageUrl', 'variants', 'visible', 'code', 'percentOff', 'active', 'percentage', 'text', 'email', 'price', 'status', 'reason', 'kind', 'filters', 'subscribed', 'data'];
  const randomBody = fc
    .oneof(fc.anything({ maxDepth: 2 }), fc.dictionary(fc.string({ maxLength: 12 }), fc.anything({ maxDepth: 1 }), { maxKeys: 5 }))
    .filter((b) => !(b && typeof b === 'object' && !Array.isArray(b) && KNOWN.some((k) => k in b)));
  const notAnInteger1to100 = fc.oneof(
    fc.integer({ min: -1_000_000, max: 0 }),
    fc.integer({ min: 101, max: 1_000_000 }),
    fc.double({ noNaN: true }).filter((d) => !Number.isInteger(d)),
    fc.string({ maxLength: 5 }),
    fc.constant(null),
    fc.object({ maxDepth: 1 }),
    fc.boolean(),
  );
  const notABoolean = fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.constant(null), fc.array(fc.boolean(), { maxLength: 2 }));
  const notAString = fc.oneof(fc.integer(), fc.constant(null), fc.object({ maxDepth: 1 }), fc.array(fc.string(), { maxLength: 2 }), fc.boolean());
  const badPriceQuery = fc.oneof(fc.constant(''), fc.constant('0'), fc.string({ maxLength: 8 }).filter((s) => !/^\d{1,7}(\.\d{1,2})?$/.test(s.trim()) || Number(s) === 0), fc.integer({ max: 0 }).map(String));

  type Case = { method: 'post' | 'put' | 'patch' | 'delete'; path: () => string; body: fc.Arbitrary<unknown>; query?: fc.Arbitrary<Record<string, string>> };
  const cases: Record<string, Case> = {
    'POST /admin/posters': { method: 'post', path: () => '/api/admin/posters', body: randomBody },
    'POST /admin/posters (typed)': {
      method: 'post',
      path: () => '/api/admin/posters',
      body: fc.record({ name: fc.oneof(notAString, fc.constant('  ')), category: fc.string({ maxLength: 6 }), variants: fc.oneof(fc.constant([]), fc.array(fc.record({ size: fc.string({ maxLength: 8 }), price: fc.anything() }), { maxLength: 3 })) }),
    },
    'PUT /admin/posters/:id': { method: 'put', path: () => `/api/admin/posters/${posterId}`, body: fc.record({ visible: notABoolean }) },
    'PUT /admin/posters/:id (variants)': { method: 'put', path: () => `/api/admin/posters/${posterId}`, body: fc.record({ variants: fc.oneof(fc.constant([]), fc.array(fc.record({ size: fc.string({ maxLength: 6 }), price: fc.double() }), { minLength: 1, maxLength: 2 })) }) },
    'PATCH /admin/orders/:id/status': { method: 'patch', path: () => '/api/admin/orders/6f1c3d2a-8b4e-4a7f-9c1d-2e3f4a5b6c7d/status', body: randomBody },
    'PATCH /admin/orders/:id/status (typed)': { method: 'patch', path: () => '/api/admin/orders/6f1c3d2a-8b4e-4a7f-9c1d-2e3f4a5b6c7d/status', body: fc.record({ status: fc.oneof(notAString, fc.string({ maxLength: 30 })) }) },
    'POST /admin/promocodes': { method: 'post', path: () => '/api/admin/promocodes', body: fc.record({ code: fc.oneof(notAString, fc.string({ maxLength: 10 })), percentOff: notAnInteger1to100 }) },
    'PATCH /admin/promocodes/:id': { method: 'patch', path: () => '/api/admin/promocodes/NOSUCHCODE', body: fc.oneof(randomBody, fc.record({ active: notABoolean }), fc.record({ percentOff: notAnInteger1to100 })) },
    'POST /admin/discounts': { method: 'post', path: () => '/api/admin/discounts', body: fc.oneof(randomBody, fc.record({ percentage: notAnInteger1to100, active: fc.boolean() })) },
    'PATCH /admin/discounts/:id': { method: 'patch', path: () => '/api/admin/discounts/1', body: fc.oneof(randomBody, fc.record({ percentage: notAnInteger1to100 })) },
    'POST /admin/announcement': { method: 'post', path: () => '/api/admin/announcement', body: fc.oneof(randomBody, fc.record({ text: notAString })) },
    'PATCH /admin/announcement': { method: 'patch', path: () => '/api/admin/announcement', body: fc.oneof(randomBody, fc.record({ text: fc.string({ minLength: 501, maxLength: 600 }) })) },
    'PUT /pricing/:size': { method: 'put', path: () => '/api/pricing/SIZE_30x40', body: fc.constant(undefined), query: badPriceQuery.map((price) => ({ price })) },
    'PUT /pricing/:size (bad size)': { method: 'put', path: () => '/api/pricing/SIZE_1x1', body: fc.constant(undefined), query: fc.constant({ price: '100' }) },
    'POST /public/newsletter': { method: 'post', path: () => '/api/public/newsletter', body: fc.oneof(randomBody, fc.record({ email: fc.oneof(notAString, fc.string({ maxLength: 20 }).filter((s) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim()))) })) },
    'PATCH /admin/newsletter/:id': { method: 'patch', path: () => '/api/admin/newsletter/nobody', body: fc.oneof(randomBody, fc.record({ subscribed: notABoolean })) },
    'POST /products': { method: 'post', path: () => '/api/products', body: fc.oneof(randomBody, fc.record({ name: fc.string(), description: fc.string(), price: fc.oneof(fc.constant(null), fc.object({ maxDepth: 1 }), fc.boolean(), fc.constant(0), fc.integer({ max: -1 }), fc.double({ min: 0.001, max: 0.004 })) })) },
    'PUT /products/:id': { method: 'put', path: () => '/api/products/6f1c3d2a-8b4e-4a7f-9c1d-2e3f4a5b6c7d', body: randomBody },
    'POST /admin/exports': { method: 'post', path: () => '/api/admin/exports', body: fc.oneof(randomBody, fc.record({ kind: fc.string({ maxLength: 10 }).filter((k) => !['orders', 'newsletter', 'events'].includes(k)) })) },
  };

  beforeAll(async () => {
    t = await createTestApp({ projector: false });
    const created = await t
      .request()
      .post('/api/admin/posters')
      .set(auth())
      .send({ name: 'P', category: 'ART', imageUrl: 'https://x/p.jpg', variants: [{ size: 'SIZE_20x30', price: 100 }] })
      .expect(201);
    posterId = created.body.id;
  });
  afterAll(() => t.close());

  it.each(Object.entries(cases))('%s: always 4xx, never 5xx, nothing appended', async (_name, c) => {
    const before = await t.eventCount();
    await fc.assert(
      fc.asyncProperty(c.body, c.query ?? fc.constant({}), async (body, query) => {
        let req = t.request()[c.method](c.path()).query(query).set(auth());
        if (body !== undefined) req = req.set('Content-Type', 'application/json').send(JSON.stringify(body));
        const res = await req;
        if (res.status < 400 || res.status >= 500) throw new Error(`${res.status} for ${JSON.stringify(body)} ${JSON.stringify(query)}: ${res.text}`);
      }),
      { numRuns: 30 },
    );
    expect(await t.eventCount()).toBe(before);
  });
});
