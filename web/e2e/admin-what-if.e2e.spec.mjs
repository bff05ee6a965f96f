import { BASE_URL, apiToken, eventually, firstPoster, placeOrderAsShopper, shipByApi, signedInBrowser } from './admin-support.mjs';

/** Every order of the shop under test, read through the admin API (the stack is fresh: all were placed by this run). */
async function allOrders(token) {
  const orders = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${BASE_URL}/api/admin/orders?page=${page}&size=50`, { headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`orders: ${res.status} ${await res.text()}`);
    const body = await res.json();
    orders.push(...body.data);
    if (!body.hasNextPage) return { orders, totalItems: body.totalItems };
  }
}

const money = (text) => Number(text.replace(/[^0-9.]/g, ''));

describe('what-if promotions (browser)', () => {
  let browser;
  let page;

  beforeAll(async () => {
    const poster = await firstPoster();
    const placed = await eventually(() => placeOrderAsShopper({ ...poster, quantity: 3, firstName: 'Whatif' }));
    // Shipped: a sale, so the draft moves its figures (an order not shipped is in no sales figure).
    await shipByApi(await apiToken(), placed.orderId);
    ({ browser, page } = await signedInBrowser());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('drafts a promo code, tries it on the last 30 days of orders and reads the figures', async () => {
    // The orders list is a projection: wait until it holds the order just placed, shipped.
    const { orders, totalItems } = await eventually(async () => {
      const all = await allOrders(await apiToken());
      if (!all.orders.some((o) => o.customerName.startsWith('Whatif ') && o.status === 'SHIPPED')) throw new Error('order not listed yet');
      return all;
    });
    // Net sales: the goods after discounts of the orders shipped or delivered, less what came back.
    const p = (egp) => Math.round(egp * 100);
    const recordedNetSales = orders
      .filter((o) => ['SHIPPED', 'DELIVERED'].includes(o.status))
      .reduce((sum, o) => sum + p(o.subtotal) - p(o.discountFromPromotions) - p(o.discountFromPromoCode) - p(o.returned), 0) / 100;

    await page.goto(`${BASE_URL}/admin/promo-codes`);
    await page.getByLabel('Draft promo code').fill('E2E-WHATIF');
    await page.getByLabel('Draft promo %').fill('50');
    await page.getByRole('button', { name: 'Try it on past orders' }).click();

    const bar = page.getByRole('progressbar', { name: 'What-if progress' });
    await bar.waitFor();
    const result = page.getByRole('table', { name: 'What-if result' });
    await result.waitFor({ timeout: 30_000 });
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');

    const cells = async (name) => result.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) }).getByRole('cell').allInnerTexts();
    const [ordersBefore, ordersAfter] = await cells('Orders in the period');
    expect(Number(ordersBefore.replace(/,/g, ''))).toBe(totalItems);
    expect(ordersAfter).toBe(ordersBefore);
    const [, affected] = await cells('Orders affected');
    expect(Number(affected.replace(/,/g, ''))).toBeGreaterThanOrEqual(1);
    const [salesBefore, salesAfter] = await cells('Net sales');
    expect(money(salesBefore)).toBeCloseTo(recordedNetSales, 2);
    expect(money(salesAfter)).toBeLessThan(money(salesBefore));
    await page.getByText(/orders read from the event log in .* s; nothing was written/).waitFor();
  });

  it('shows the server refusing an absurd draft', async () => {
    await page.goto(`${BASE_URL}/admin/discounts`);
    await page.getByLabel('Draft discount %').fill('250');
    await page.getByRole('button', { name: 'Try it on past orders' }).click();
    await page.getByRole('alert').filter({ hasText: 'The category discount must be a whole percent between 1 and 100' }).waitFor();
  });
});
