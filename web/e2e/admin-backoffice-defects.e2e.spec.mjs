// Issue 14's back-office defects, each as an admin meets it in Chromium.
import { readFileSync } from 'node:fs';
import { BASE_URL, adminCall, apiToken, eventually, firstPoster, placeOrderAsShopper, shipByApi, signedInBrowser } from './admin-support.mjs';
import { screenshot } from './support.mjs';

const NOTES = 'Call before arriving, next to the pharmacy';
const PROMO = 'DEFECTS14';

describe('back-office defects (browser)', () => {
  let browser;
  let page;
  let poster;
  let token;

  const admin = async (method, url, body) => (await adminCall(token, method, url, body)).body;
  /** The order as the admin API lists it, once the projection has it. */
  const listed = (orderNumber) =>
    eventually(async () => {
      const page = await admin('GET', `/admin/orders?search=${orderNumber}`);
      expect(page.data).toHaveLength(1);
      return page.data[0];
    });
  const place = async (options = {}) => {
    const placed = await eventually(() => placeOrderAsShopper({ ...poster, ...options }));
    return listed(placed.orderNumber);
  };
  const searchOrders = async (orderNumber) => {
    await page.goto(`${BASE_URL}/admin/orders`);
    await page.getByLabel('Search').fill(orderNumber);
    await page.getByRole('button', { name: orderNumber }).waitFor();
    // The unfiltered list shows the new order first too: wait for the search's own answer.
    await eventually(async () => expect(await page.getByTestId('order-row').count()).toBe(1));
  };

  beforeAll(async () => {
    poster = await firstPoster();
    token = await apiToken();
    ({ browser, page } = await signedInBrowser());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a new order on the Orders page when the admin comes back to it, and on Refresh, without a reload', async () => {
    const first = await place({ firstName: 'First' });
    await page.goto(`${BASE_URL}/admin/orders`);
    await page.getByRole('button', { name: first.orderNumber }).waitFor();
    await page.evaluate(() => (window.__notReloaded = true));
    await page.getByRole('link', { name: 'Dashboard' }).click();
    const arrived = await place({ firstName: 'Arrival' });
    await page.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('button', { name: arrived.orderNumber }).waitFor({ timeout: 5000 });

    const refreshed = await place({ firstName: 'Refreshed' });
    const [request] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/api/admin/orders'),
      page.getByRole('button', { name: 'Refresh' }).click(),
    ]);
    expect(request.method()).toBe('GET');
    await page.getByRole('button', { name: refreshed.orderNumber }).waitFor({ timeout: 5000 });
    expect(await page.evaluate(() => window.__notReloaded)).toBe(true);
  });

  it('shows the e-mail and the delivery notes in the expanded order', async () => {
    const order = await place({ firstName: 'Notes', checkout: { email: 'notes.buyer@example.com', notes: NOTES } });
    await searchOrders(order.orderNumber);
    await page.getByRole('button', { name: order.orderNumber }).click();
    const customer = page.getByLabel('Customer information');
    await customer.getByText('notes.buyer@example.com').waitFor();
    expect(await customer.getByLabel('Delivery notes').innerText()).toContain(NOTES);
  });

  it('exports every amount of the total and the Cairo time in the CSV', async () => {
    await admin('POST', '/admin/promocodes', { code: PROMO, percentOff: 10 });
    const order = await place({ firstName: 'Csv', promoCode: PROMO });
    expect(order.discountFromPromoCode).toBeGreaterThan(0);
    await searchOrders(order.orderNumber);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const [header, ...rows] = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    const columns = header.split(',');
    expect(columns).toEqual(['Order Number', 'Date (Cairo)', 'Customer Name', 'Phone', 'Email', 'Address', 'Governorate', 'Status', 'Payment Method', 'Promo Code', 'Subtotal', 'Promo Code Discount', 'Promotions Discount', 'Shipping', 'COD Fee', 'Total', 'Items', 'Notes']);
    const row = rows.find((r) => r.startsWith(order.orderNumber));
    const cells = [...row.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1]).slice(0, columns.length);
    const at = (name) => Number(cells[columns.indexOf(name)]);
    expect(at('Promo Code Discount')).toBe(order.discountFromPromoCode);
    expect(at('COD Fee')).toBe(order.codFee);
    expect(at('Subtotal') - at('Promo Code Discount') - at('Promotions Discount') + at('Shipping') + at('COD Fee')).toBeCloseTo(at('Total'), 2);
    expect(at('Total')).toBe(order.total);
    const cairo = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
        .formatToParts(new Date(order.createdAt))
        .map((p) => [p.type, p.value]),
    );
    expect(cells[1]).toBe(`${cairo.year}-${cairo.month}-${cairo.day} ${cairo.hour}:${cairo.minute}:${cairo.second}`);
  });

  it('shows net sales (goods after discounts of shipped and delivered orders, less returns) equal to the sum over the orders, and names it', async () => {
    const order = await place({ firstName: 'Revenue' });
    const { response: shipped } = await shipByApi(token, order.id);
    const position = shipped.headers.get('X-Event-Position');
    const all = await fetch(`${BASE_URL}/api/admin/orders?size=200`, { headers: { Authorization: `Bearer ${token}`, 'X-Wait-For-Position': position } }).then((r) => r.json());
    // Every order on one page (a page holds at most 200), or the sum below would miss some.
    expect(all.hasNextPage).toBe(false);
    // Recomputed here, in piastres, from every order: the goods after discounts, no shipping, no COD
    // fee, less the goods returned after delivery (other specs return some).
    const cents = (egp) => Math.round(egp * 100);
    const sales = all.data
      .filter((o) => ['SHIPPED', 'DELIVERED'].includes(o.status))
      .reduce((sum, o) => sum + cents(o.subtotal) - cents(o.discountFromPromotions) - cents(o.discountFromPromoCode) - cents(o.returned), 0);
    expect(order.total).toBeGreaterThan(order.subtotal);
    expect(sales).toBeGreaterThanOrEqual(cents(order.subtotal));
    const shown = `LE ${(sales / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    // The dashboard is a read model of its own, caught up a moment after the orders list the sum
    // was read from: the page is opened again until it shows the sum, or the wait runs out.
    await eventually(async () => {
      await page.goto(`${BASE_URL}/admin`);
      const card = page.getByText('Net sales', { exact: true }).first().locator('xpath=..');
      await card.waitFor({ timeout: 3000 });
      expect(await card.textContent()).toContain(shown);
      expect(await card.textContent()).toContain('Gross sales − discounts − returns');
    });
  });

  it('opens a recent order from the dashboard on its own page', async () => {
    const order = await place({ firstName: 'Recent' });
    await page.goto(`${BASE_URL}/admin`);
    const link = page.getByRole('link', { name: new RegExp(order.orderNumber) });
    await link.waitFor();
    await link.click();
    await page.waitForURL((url) => url.pathname === `/admin/orders/${order.orderNumber}`);
    await page.getByRole('heading', { name: `Order ${order.orderNumber}` }).waitFor();
    await page.getByLabel('Customer information').getByText('Recent Hassan').waitFor();
  });

  it('asks why before saving CANCELED, as the order page does, and Keep as is saves nothing', async () => {
    const order = await place({ firstName: 'Cancel' });
    await searchOrders(order.orderNumber);
    const status = page.getByLabel(`Status of ${order.orderNumber}`);
    await status.selectOption('CANCELED');
    const dialog = page.getByRole('dialog', { name: `Cancel order: ${order.orderNumber}` });
    await dialog.getByRole('button', { name: 'Keep as is' }).click();
    expect(await status.inputValue()).toBe('PLACED');
    expect((await listed(order.orderNumber)).status).toBe('PLACED');

    await status.selectOption('CANCELED');
    await dialog.getByLabel("Reason (kept in the order's history)").fill('customer asked on the phone');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByText(`Order ${order.orderNumber} marked as canceled`).waitFor();
    await eventually(async () => expect((await listed(order.orderNumber)).status).toBe('CANCELED'));
  });

  it("keeps the Orders table's Total on screen at 390 px", async () => {
    const order = await place({ firstName: 'Narrow' });
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await searchOrders(order.orderNumber);
      await screenshot(page, 'admin-orders-390');
      const total = page.getByTestId('order-row').first().locator('td').last();
      const box = await total.boundingBox();
      // Inside the table's frame (which would otherwise scroll it out of sight), on the screen.
      const frame = await page.locator('[aria-busy]').filter({ has: total }).boundingBox();
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(Math.min(390, frame.x + frame.width) + 0.5);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await total.innerText()).toMatch(/\d/);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('names statuses and governorates on every page that shows an order, never their codes', async () => {
    const order = await place({ firstName: 'Names', checkout: { city: 'Montaza', governorate: 'ALEXANDRIA' } });
    const noCodes = async (locator) => {
      const text = await locator.innerText();
      expect(text).not.toMatch(/\bALEXANDRIA\b|\bPLACED\b|\bCONFIRMED\b|\bSHIPPED\b|\bCANCELED\b/);
    };

    // The list: the row's select and the filter speak names; their values stay the API's codes.
    await searchOrders(order.orderNumber);
    const status = page.getByLabel(`Status of ${order.orderNumber}`);
    expect(await status.locator('option').allTextContents()).toEqual(['Placed', 'Confirmed', 'Shipped', 'Canceled']);
    expect(await status.inputValue()).toBe('PLACED');
    expect(await page.getByLabel('Status', { exact: true }).locator('option').allTextContents()).toEqual(['All Statuses', 'Placed', 'Confirmed', 'Shipped', 'Delivered', 'Refused', 'Returned', 'Canceled']);
    await page.getByRole('button', { name: order.orderNumber }).click();
    const details = page.getByLabel('Customer information');
    await details.getByText('Alexandria', { exact: true }).waitFor();
    await noCodes(details);

    // Its own page.
    await page.goto(`${BASE_URL}/admin/orders/${order.orderNumber}`);
    await page.getByTestId('order-status').filter({ hasText: /^Placed$/ }).waitFor();
    await page.getByLabel('Customer information').getByText('Alexandria', { exact: true }).waitFor();
    await noCodes(page.getByLabel('Customer information'));

    // The call queue, reloaded until its read model lists the order.
    const card = page.getByRole('listitem', { name: `Order ${order.orderNumber}` });
    await eventually(async () => {
      await page.goto(`${BASE_URL}/admin/call-queue`);
      await card.waitFor({ timeout: 3000 });
    });
    expect(await card.innerText()).toContain('Montaza, Alexandria');
    await noCodes(card);

    // The dashboard's recent orders, once its read model has the order.
    const recent = page.getByRole('link', { name: new RegExp(order.orderNumber) });
    await eventually(async () => {
      await page.goto(`${BASE_URL}/admin`);
      await recent.waitFor({ timeout: 3000 });
    });
    expect(await recent.innerText()).toMatch(/\bPlaced$/);
    await noCodes(page.getByRole('main'));
  });

  it('names categories the same way in the Discounts dropdown and table, and sends the code', async () => {
    await page.goto(`${BASE_URL}/admin/discounts`);
    const category = page.getByLabel('Category', { exact: true });
    await category.waitFor();
    expect(await category.locator('option').allTextContents()).toEqual(['All Categories', 'Football', 'Cars', 'Movies', 'Anime', 'Art', 'Nature', 'Quotes', 'Other']);
    expect(await page.getByLabel('Draft category').locator('option').allTextContents()).toEqual(['All Categories', 'Football', 'Cars', 'Movies', 'Anime', 'Art', 'Nature', 'Quotes', 'Other']);
    await category.selectOption({ label: 'Quotes' });
    await page.getByLabel('Percent off').fill('7');
    // Inactive: no shopper's price in the other specs changes.
    await page.getByRole('form', { name: 'Create discount' }).getByRole('switch', { name: 'Active' }).click();
    await page.getByRole('button', { name: 'Add Discount' }).click();
    await page.getByText('Created', { exact: true }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Quotes', exact: true }) });
    await row.waitFor();
    const saved = (await admin('GET', '/admin/discounts')).find((d) => d.percentage === 7 && !d.active);
    expect(saved.category).toBe('QUOTES');
    expect(await page.getByRole('main').innerText()).not.toMatch(/\bQUOTES\b/);
    // The ID column stays: it is the discount's public number, the one the Deleted toast names.
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(['ID', 'Category', 'Percentage', 'Starts on', 'Ends on', 'Active', 'Status', 'Actions']);
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete discount' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Discount #${saved.id} deleted`).waitFor();
  });

  it("edits a promo code's percentage", async () => {
    await admin('POST', '/admin/promocodes', { code: 'EDIT14', percentOff: 10 }).catch(() => undefined);
    await page.goto(`${BASE_URL}/admin/promo-codes`);
    await page.getByRole('button', { name: 'Edit discount of EDIT14' }).click();
    await page.getByLabel('Discount of EDIT14').fill('25');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Promo code updated successfully').waitFor();
    await page.getByRole('cell', { name: /^25%/ }).waitFor();
    const codes = await admin('GET', '/admin/promocodes?size=200');
    expect(codes.data.find((p) => p.code === 'EDIT14').percentOff).toBe(25);
  });
});
