// The admin Funnel page after real shopper calls: an order placed, a checkout refused for the minimum
// of posters outside the exempt governorates, a cart left with a line. Other specs make carts on the
// same stack, so the spec reads the funnel before and after its own calls and asserts the difference,
// then that the page shows the figures the API counted.
import { expect } from '@jest/globals';
import { apiToken, BASE_URL, eventually, listedPosters, placeOrderAsShopper, signedInBrowser } from './admin-support.mjs';

const STAGES = ['cartsCreated', 'linesAdded', 'checkoutAttempted', 'ordersPlaced'];
/** part of whole as the page shows it: one decimal, a dash when there is no whole. */
const rate = (part, whole) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '—');

describe('admin funnel page (browser)', () => {
  let token;
  let browser;
  let page;
  let before;
  let after;

  const funnel = async () => {
    const res = await fetch(`${BASE_URL}/api/admin/funnel`, { headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`funnel: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const shopper = async (method, url, body, cartId) => {
    const res = await fetch(`${BASE_URL}/api${url}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(cartId ? { 'X-Cart-Id': cartId } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  const governorate = (view, name) => view.governorates.find((g) => g.governorate === name) ?? { cartsCreated: 0, linesAdded: 0, checkoutAttempted: 0, ordersPlaced: 0 };
  const refusals = (view, reason) => view.rejections.find((r) => r.reason === reason)?.count ?? 0;
  /** How much each stage grew, in STAGES order. */
  const grown = (now, then) => STAGES.map((s) => now[s] - then[s]);

  beforeAll(async () => {
    token = await apiToken();
    const [poster] = await listedPosters();
    const variant = poster.variants[0];
    const line = { posterId: poster.id, variantId: variant.id, size: variant.size, quantity: 1 };
    before = await funnel();

    // Placed: a cart, a line, an order in Cairo.
    await placeOrderAsShopper({ posterId: poster.id, variantId: variant.id, size: variant.size, quantity: 2 });
    // Refused: one poster to Alexandria, below its minimum of 2.
    const refused = (await shopper('POST', '/user/cart', line)).body.cartId;
    const answer = await shopper('POST', '/user/cart/checkout', {
      firstName: 'Mona', lastName: 'Hassan', phone: '01012345678', addressLine: '1 Corniche', building: '2', apartment: '3',
      city: 'Alexandria', governorate: 'ALEXANDRIA', paymentMethod: 'COD',
    }, refused);
    expect(answer).toEqual({ status: 400, body: expect.objectContaining({ message: 'Minimum order for ALEXANDRIA is 2 posters' }) });
    // Left: a cart with a line and nothing more.
    await shopper('POST', '/user/cart', line);

    // The projection catches up with the three carts: every figure the spec checks has moved.
    after = await eventually(async () => {
      const now = await funnel();
      expect(grown(now.totals, before.totals)).toEqual([3, 3, 2, 1]);
      expect(grown(governorate(now, 'ALEXANDRIA'), governorate(before, 'ALEXANDRIA'))).toEqual([1, 1, 1, 0]);
      expect(refusals(now, 'MINIMUM_POSTERS')).toBe(refusals(before, 'MINIMUM_POSTERS') + 1);
      return now;
    }, { timeout: 30_000 });
    ({ browser, page } = await signedInBrowser());
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('the Funnel page shows the stages with their conversion, the governorate row by name and the refusal by reason', async () => {
    await page.goto(`${BASE_URL}/admin`);
    await page.getByRole('link', { name: 'Funnel' }).click();
    await page.waitForURL('**/admin/funnel');
    await page.getByRole('heading', { name: 'Funnel', level: 1 }).waitFor();
    const chart = page.getByRole('region', { name: 'Cart funnel' });
    await chart.getByTestId('funnel-overall').waitFor();
    const t = after.totals;
    // Each step's share of the step before, and orders per cart overall, recomputed from the API's counts.
    expect(await chart.getByTestId('funnel-step').allTextContents()).toEqual([
      `Carts created: ${t.cartsCreated}`,
      `Lines added: ${t.linesAdded}${rate(t.linesAdded, t.cartsCreated)} of carts created`,
      `Checkout attempted: ${t.checkoutAttempted}${rate(t.checkoutAttempted, t.linesAdded)} of lines added`,
      `Order placed: ${t.ordersPlaced}${rate(t.ordersPlaced, t.checkoutAttempted)} of checkout attempted`,
    ]);
    expect(await chart.getByTestId('funnel-overall').textContent()).toBe(`Overall conversion: ${rate(t.ordersPlaced, t.cartsCreated)} of carts created placed an order`);
    const alex = governorate(after, 'ALEXANDRIA');
    const row = page.getByRole('table', { name: 'By governorate' }).getByRole('row').filter({ has: page.getByRole('cell', { name: 'Alexandria', exact: true }) });
    expect(await row.getByRole('cell').allTextContents()).toEqual(['Alexandria', ...STAGES.map((s) => String(alex[s])), rate(alex.ordersPlaced, alex.cartsCreated)]);
    expect(await page.getByRole('main').textContent()).not.toContain('ALEXANDRIA');
    const reasons = page.getByTestId('funnel-rejections');
    await reasons.getByText(`Minimum posters (outside exempt governorates): ${refusals(after, 'MINIMUM_POSTERS')}`, { exact: true }).waitFor();
    // The left cart is not abandoned before a day without activity.
    await page.getByText(`Abandoned carts: ${after.abandonedCount} `).waitFor();
  });

  it('cuts no label of the funnel, on a phone or a desktop', async () => {
    await page.goto(`${BASE_URL}/admin/funnel`);
    await page.getByTestId('funnel-overall').waitFor();
    try {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 844 });
        const cut = await page.evaluate(() => {
          const labels = [...document.querySelectorAll('main [data-testid="funnel-step"] span, main [data-testid="funnel-overall"], main th, main td, main h2')];
          const main = document.querySelector('main').getBoundingClientRect();
          return labels
            .filter((el) => {
              const box = el.getBoundingClientRect();
              // Text wider than its box is clipped; a label outside the page's main area is cut off (or scrolled out of sight).
              const clipped = el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible';
              const outside = box.left < main.left - 1 || box.right > main.right + 1;
              return clipped || outside;
            })
            .map((el) => el.textContent);
        });
        expect({ width, cut }).toEqual({ width, cut: [] });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
