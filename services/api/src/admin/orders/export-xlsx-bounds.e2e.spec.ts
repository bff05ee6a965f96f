import { createTestApp, type TestApp } from '../../testing/test-app.js';

/** Absurd parameters on the XLSX export are the client's 400, naming the field, before any byte of the file. */
describe('orders XLSX export under absurd parameters (HTTP, real stack)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it.each([
    ['dateFrom', '99999-01-01'],
    ['dateTo', 'yesterday'],
    ['status', 'LOST'],
    ['sort', 'random'],
  ])('%s=%s is a 400 naming the field', async (field, value) => {
    const res = await t.request().get('/api/admin/orders/export.xlsx').query({ [field]: value }).set({ Authorization: `Bearer ${t.adminToken()}` }).expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.stringify(res.body.message)).toContain(field);
  });
});
