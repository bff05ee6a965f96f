import { adminCall, apiToken, BASE_URL, eventually, listedPosters, placeOrderAsShopper, signedInBrowser } from './admin-support.mjs';

/** More orders than one page holds (10 a page): the server pages, searches and sorts them. */
const ORDERS = 25;

describe('admin orders paged by the server (browser)', () => {
  let browser;
  let page;
  let token;
  /** Ours, oldest first; each with its own phone. */
  const placed = [];

  const api = async (query) => {
    const res = await fetch(`${BASE_URL}/api/admin/orders?${new URLSearchParams(query)}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`orders: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const rowNumbers = () => page.getByTestId('order-row').evaluateAll((rows) => rows.map((r) => r.querySelector('button').textContent));
  const search = async (text) => {
    await page.getByLabel('Search').fill(text);
    await page.getByText(text === '' ? /^Showing 1 to 10 of / : 'Showing 1 to 1 of 1').waitFor();
  };

  beforeAll(async () => {
    token = await apiToken();
    const [poster] = await listedPosters();
    const variant = poster.variants[0];
    // Eleven digits, 010 then a tag of this run and the order's index: unique to each order.
    const tag = String(Date.now() % 1_000_000).padStart(6, '0');
    for (let i = 0; i < ORDERS; i++) {
      const phone = `010${tag}${String(i).padStart(2, '0')}`;
      const order = await eventually(() =>
        placeOrderAsShopper({ posterId: poster.id, variantId: variant.id ?? variant.variantId, size: variant.size, quantity: 1 + (i % 4), firstName: `Paging${i}`, phone }),
      );
      placed.push({ phone, orderId: order.orderId, orderNumber: order.orderNumber });
    }
    await eventually(async () => expect((await api({ search: `010${tag}`, size: '1' })).totalItems).toBe(ORDERS), { timeout: 30_000 });
    ({ browser, page } = await signedInBrowser());
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    // Off the call queue (the 50 oldest placed orders): a later suite looks for its own order there.
    for (const { orderId } of placed) await adminCall(token, 'PATCH', `/admin/orders/${orderId}/status`, { status: 'CANCELED' });
  });

  it('counts exactly, finds an old order by phone and by order number, reaches the last page and sorts by total', async () => {
    const { totalItems, totalPages } = await api({ size: '10' });
    expect(totalItems).toBeGreaterThan(ORDERS - 1);
    await page.goto(`${BASE_URL}/admin/orders`);
    await page.getByText(`Showing 1 to 10 of ${totalItems}`).waitFor();
    await page.getByText(`Page 1 of ${totalPages}`).waitFor();
    const oldest = placed[0];
    // Far from the first page: found only because the server searches every order.
    expect(await rowNumbers()).not.toContain(oldest.orderNumber);

    await search(oldest.phone);
    expect(await rowNumbers()).toEqual([oldest.orderNumber]);
    await search(oldest.orderNumber);
    expect(await rowNumbers()).toEqual([oldest.orderNumber]);
    await search('');

    // Next until the last page: the count and the range are exact there too.
    for (let p = 2; p <= totalPages; p++) {
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText(`Page ${p} of ${totalPages}`).waitFor();
    }
    await page.getByText(`Showing ${(totalPages - 1) * 10 + 1} to ${totalItems} of ${totalItems}`).waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    const lastPage = await api({ size: '10', page: String(totalPages) });
    expect(await rowNumbers()).toEqual(lastPage.data.map((o) => o.orderNumber));

    await page.getByLabel('Sort').selectOption({ label: 'Total: high to low' });
    await page.getByText(`Page 1 of ${totalPages}`).waitFor();
    const byTotal = await api({ size: '10', sort: 'total_desc' });
    await eventually(async () => expect(await rowNumbers()).toEqual(byTotal.data.map((o) => o.orderNumber)));
    const totals = byTotal.data.map((o) => o.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });
});
