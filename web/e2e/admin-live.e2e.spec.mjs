// The live back-office: an order placed in a shopper's browser shows in every open admin tab
// (Orders page and dashboard) within 2 s, and a status change by another admin too, no reload.
import { BASE_URL, apiToken, firstPoster, launchBrowser, shipByApi, signedInBrowser } from './admin-support.mjs';

const LIVE_MS = 2000;

/** Runs the storefront's own calls (cart, then checkout) inside the shopper's page, cookies and XSRF included. */
async function checkoutInBrowser(page, { posterId, variantId, size }, firstName) {
  return page.evaluate(
    async ({ posterId, variantId, size, firstName }) => {
      const xsrf = () => decodeURIComponent((document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN=')) ?? '=').split('=')[1]);
      const call = async (url, body, cartId) => {
        await fetch('/api/public/config'); // sets the XSRF cookie on a first visit
        const res = await fetch(`/api${url}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf(), ...(cartId ? { 'X-Cart-Id': cartId } : {}) },
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      const { cartId } = await call('/user/cart', { posterId, variantId, size, quantity: 2 });
      return call(
        '/user/cart/checkout',
        { firstName, lastName: 'Live', phone: '01055555555', addressLine: '1 Nile St', building: '2', apartment: '3', city: 'Cairo', governorate: 'CAIRO', paymentMethod: 'COD' },
        cartId,
      );
    },
    { posterId, variantId, size, firstName },
  );
}

describe('live back-office across browser contexts', () => {
  let admin;
  let orders;
  let dashboard;
  let shopper;
  let shopperPage;
  let poster;

  beforeAll(async () => {
    poster = await firstPoster();
    ({ browser: admin, page: orders } = await signedInBrowser());
    dashboard = await admin.context.newPage();
    shopper = await launchBrowser();
    shopperPage = await shopper.context.newPage();
    await shopperPage.goto(`${BASE_URL}/`);
  });
  afterAll(async () => {
    await shopper?.close();
    await admin?.close();
  });

  it('shows a new order in the Orders tab and the dashboard tab, then a status change, each within 2 s', async () => {
    // Both tabs have their stream open (its headers answered) before the order is placed.
    const streams = [orders, dashboard].map((p) => p.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/live' && r.status() === 200));
    await orders.goto(`${BASE_URL}/admin/orders`);
    await orders.getByRole('heading', { name: 'Orders' }).waitFor();
    await dashboard.goto(`${BASE_URL}/admin`);
    await dashboard.getByRole('heading', { name: 'Recent Orders' }).waitFor();
    await Promise.all(streams);
    for (const p of [orders, dashboard]) await p.evaluate(() => (window.__notReloaded = true));

    const placed = await checkoutInBrowser(shopperPage, poster, 'Livia');
    const started = Date.now();
    await Promise.all([
      orders.getByRole('button', { name: placed.orderNumber }).waitFor({ timeout: LIVE_MS }),
      dashboard.getByRole('link', { name: new RegExp(placed.orderNumber) }).waitFor({ timeout: LIVE_MS }),
    ]);
    const appeared = Date.now() - started;
    console.log(`live: the new order showed in both admin tabs ${appeared} ms after the checkout answered`);

    // Another admin ships it: the Orders tab follows without a click.
    await shipByApi(await apiToken(), placed.orderId);
    const shippedAt = Date.now();
    await orders.waitForFunction((n) => document.querySelector(`select[aria-label="Status of ${n}"]`)?.value === 'SHIPPED', placed.orderNumber, { timeout: LIVE_MS, polling: 50 }); // not rAF: a background tab's frames are throttled
    console.log(`live: the status change showed ${Date.now() - shippedAt} ms after the PATCH answered`);

    for (const p of [orders, dashboard]) expect(await p.evaluate(() => window.__notReloaded)).toBe(true);
  });
});
