import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { noiseImage } from '../../uploads/testing/test-images.js';

describe('admin posters (HTTP, real PostgreSQL event store)', () => {
  let t: TestApp;
  const auth = () => ({ Authorization: `Bearer ${t.adminToken()}` });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const body = {
    name: 'Starry Night',
    description: 'Van Gogh',
    category: 'ART',
    imageUrl: 'https://cdn.example.com/starry.jpg',
    basePrice: 200,
    variants: [
      { size: 'SIZE_30x40', price: 250, weightGrams: 0 },
      { size: 'SIZE_20x30', price: 200.5, weightGrams: 0 },
    ],
  };

  it('creates a poster from JSON, in piastres, acted by the admin', async () => {
    const res = await t.request().post('/api/admin/posters').set(auth()).send(body).expect(201);
    expect(res.body).toMatchObject({ name: 'Starry Night', category: 'ART', visible: true, deleted: false, basePrice: 200.5 });
    expect(res.body.variants.map((v: { size: string; price: number }) => [v.size, v.price])).toEqual([
      ['SIZE_20x30', 200.5],
      ['SIZE_30x40', 250],
    ]);
    expect(res.headers['x-event-position']).toMatch(/^\d+\/\d+$/);
    const events = await t.store.readStream(`poster-${res.body.id}`);
    expect(events.map((e) => e.type)).toEqual(['PosterCreated']);
    expect((events[0].data as { variants: Array<{ price: number }> }).variants.map((v) => v.price)).toEqual([20050, 25000]);
    expect(events[0].metadata.actor).toEqual({ kind: 'admin', id: 'admin' });
  });

  it('creates a poster from multipart (data JSON part + file part) with a stored image', async () => {
    const png = await noiseImage('png', 64, 64);
    const res = await t
      .request()
      .post('/api/admin/posters')
      .set(auth())
      .field('data', JSON.stringify({ ...body, imageUrl: undefined, name: 'Uploaded' }))
      .attach('file', png, { filename: 'x.png', contentType: 'image/png' })
      .expect(201);
    expect(res.body.imageUrl).toMatch(/^\/uploads\/posters\/[0-9a-f-]{36}\.png$/);
    await t.request().get(res.body.imageUrl).expect(200);
  });

  it('refuses a poster without sizes, with the spec message, appending nothing', async () => {
    const before = await t.eventCount();
    const res = await t.request().post('/api/admin/posters').set(auth()).send({ ...body, variants: [] }).expect(400);
    expect(res.body.message).toBe('Please select at least one size.');
    expect(await t.eventCount()).toBe(before);
  });

  it('refuses a non-positive price with the spec message', async () => {
    const res = await t.request().post('/api/admin/posters').set(auth()).send({ ...body, variants: [{ size: 'SIZE_20x30', price: 0 }] }).expect(400);
    expect(res.body.message).toBe('Please enter valid prices (numbers greater than 0).');
  });

  it('updates partially, toggles visibility, deletes and recovers', async () => {
    const created = await t.request().post('/api/admin/posters').set(auth()).send(body).expect(201);
    const id = created.body.id;
    const hidden = await t.request().put(`/api/admin/posters/${id}`).set(auth()).send({ visible: false }).expect(200);
    expect(hidden.body).toMatchObject({ visible: false, name: 'Starry Night' });
    const renamed = await t.request().put(`/api/admin/posters/${id}`).set(auth()).send({ name: 'Starry Night II', variants: [{ size: 'SIZE_50x70', price: 900 }] }).expect(200);
    expect(renamed.body.variants).toHaveLength(1);
    await t.request().delete(`/api/admin/posters/${id}`).set(auth()).expect(200);
    const edit = await t.request().put(`/api/admin/posters/${id}`).set(auth()).send({ name: 'x' }).expect(409);
    expect(edit.body.message).toMatch(/deleted/);
    await t.request().post(`/api/admin/posters/${id}/recover`).set(auth()).expect(200);
    const types = (await t.store.readStream(`poster-${id}`)).map((e) => e.type);
    expect(types).toEqual(['PosterCreated', 'PosterVisibilityChanged', 'PosterDetailsChanged', 'PosterVariantsChanged', 'PosterDeleted', 'PosterRecovered']);
  });

  it('answers 404 for an unknown poster', async () => {
    await t.request().put('/api/admin/posters/6f1c3d2a-8b4e-4a7f-9c1d-2e3f4a5b6c7d').set(auth()).send({ visible: true }).expect(404);
    await t.request().delete('/api/admin/posters/not-a-uuid').set(auth()).expect(404);
  });

  it('lists posters, deleted posters and the image URL once projected', async () => {
    const created = await t.request().post('/api/admin/posters').set(auth()).send({ ...body, name: 'Listed One' }).expect(201);
    const position = created.headers['x-event-position'];
    const list = await t.request().get('/api/admin/posters?search=listed').set(auth()).set('X-Wait-For-Position', position).expect(200);
    expect(t.projectorRunning).toBe(true);
    expect(list.body.data.map((p: { name: string }) => p.name)).toEqual(['Listed One']);
    expect(list.body).toMatchObject({ totalItems: 1, currentPage: 1, totalPages: 1 });
    const image = await t.request().get(`/api/admin/${created.body.id}/image`).set(auth()).expect(200);
    expect(image.body).toEqual({ url: body.imageUrl });
  });

  it('lists deleted posters apart and gets one by id, deleted or not', async () => {
    const created = await t.request().post('/api/admin/posters').set(auth()).send({ ...body, name: 'Gone Soon' }).expect(201);
    const deleted = await t.request().delete(`/api/admin/posters/${created.body.id}`).set(auth()).expect(200);
    expect(deleted.body.deleted).toBe(true);
    await t.waitForProjections(deleted.headers['x-event-position']);
    const bin = await t.request().get('/api/admin/posters/deleted').set(auth()).expect(200);
    expect(bin.body.map((p: { id: string }) => p.id)).toContain(created.body.id);
    const live = await t.request().get('/api/admin/posters').set(auth()).expect(200);
    expect(live.body.data.map((p: { id: string }) => p.id)).not.toContain(created.body.id);
    const one = await t.request().get(`/api/admin/posters/${created.body.id}`).set(auth()).expect(200);
    expect(one.body).toMatchObject({ name: 'Gone Soon', deleted: true });
    await t.request().get('/api/admin/posters/6f1c3d2a-8b4e-4a7f-9c1d-2e3f4a5b6c7d').set(auth()).expect(404);
  });

  it('lists the categories', async () => {
    const res = await t.request().get('/api/admin/categories').set(auth()).expect(200);
    expect(res.body).toEqual(['FOOTBALL', 'CARS', 'MOVIES', 'ANIME', 'ART', 'NATURE', 'QUOTES', 'OTHER']);
  });
});
