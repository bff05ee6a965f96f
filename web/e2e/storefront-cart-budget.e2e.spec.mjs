// A shopper over the cart budget: the shop says so in English and in Arabic, and the
// cart stays as it was. This spec speaks from an address of its own (X-Forwarded-For, which the
// stack trusts from loopback: global-setup.mjs) as one browser: the client token its first page
// got goes with every later browser and with the API calls that spend that browser's cart budget,
// and only then does the browser try; the stack refills it once every six minutes, far longer than
// this spec runs, so the refusal cannot race a refill.
import { expect } from '@jest/globals';
import { BASE_URL, DESKTOP, openShop, screenshot } from './support.mjs';

const CLIENT = '198.51.100.77';
const XSRF = 'cart-budget-spec';
/** The browser's client token (the cookie its first page got): the budget is kept per token. */
let clientToken;
const WORDS = {
  en: 'Too many cart changes from your network in a short time. Please wait a moment and try again.',
  ar: 'تعديلات كثيرة على السلة من شبكتك في وقت قصير. من فضلك انتظر قليلًا ثم حاول مرة أخرى.',
};

async function cartOf(cartId) {
  const res = await fetch(`${BASE_URL()}/api/user/cart`, { headers: { 'X-Cart-Id': cartId, 'X-Forwarded-For': CLIENT } });
  expect(res.status).toBe(200);
  return (await res.json()).cart.items.map((i) => ({ posterId: i.posterId, size: i.size, quantity: i.quantity }));
}

/** Spends the rest of CLIENT's cart budget with commands that append nothing (an unknown line: 404). */
async function spendCartBudget(cartId) {
  const seen = {};
  for (let round = 0; round < 500; round++) {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(`${BASE_URL()}/api/user/cart/items/no-such-line`, {
          method: 'PUT',
          headers: {
            'Content-Type': 'application/json',
            'X-Cart-Id': cartId,
            'X-Forwarded-For': CLIENT,
            Cookie: `${clientToken.name}=${clientToken.value}; XSRF-TOKEN=${XSRF}`,
            'X-XSRF-TOKEN': XSRF,
          },
          body: JSON.stringify({ quantity: 1 }),
        }).then((r) => r.status),
      ),
    );
    for (const s of answers) seen[s] = (seen[s] ?? 0) + 1;
    if (answers.includes(429)) {
      // Every command before the refusal was judged on its merits (404: appended nothing); none
      // succeeded or broke (a busy machine's 503 would append nothing either).
      expect(Object.keys(seen).filter((s) => s < 300 || s === '500')).toEqual([]);
      expect(seen[404]).toBeGreaterThan(0);
      return;
    }
  }
  throw new Error(`the cart budget never ran out: ${JSON.stringify(seen)}`);
}

/** Opens the poster page as CLIENT (with that cart, if given) in a language. */
async function shopAs(locale, cartId) {
  const shop = await openShop({ viewport: DESKTOP, locale });
  await shop.context.setExtraHTTPHeaders({ 'X-Forwarded-For': CLIENT });
  if (clientToken) await shop.context.addCookies([clientToken]);
  if (cartId) await shop.context.addInitScript((id) => window.localStorage.setItem('cart-id', id), cartId);
  return shop;
}

async function addFirstSize(page, posterId) {
  await page.goto(`/posters/${posterId}`);
  // Taps before hydration are the SSR spec's; here the app answers them itself.
  await page.waitForFunction(() => performance.getEntriesByName('app-hydrated').length > 0);
  await page.locator('fieldset label').first().click();
  await page.getByTestId('add-to-cart').click();
}

describe('a shopper over the cart budget', () => {
  let poster;
  let cartId;
  let before;

  beforeAll(async () => {
    const res = await fetch(`${BASE_URL()}/api/public/posters?limit=1`);
    [poster] = (await res.json()).posters;
    // One line in the cart while the budget lasts.
    const shop = await shopAs('en');
    try {
      await addFirstSize(shop.page, poster.id);
      await shop.page.getByTestId('cart-drawer').waitFor();
      cartId = await shop.page.evaluate(() => window.localStorage.getItem('cart-id'));
      clientToken = (await shop.context.cookies()).find((c) => c.name === 'shop-client');
      expect(clientToken).toBeDefined();
    } finally {
      await shop.close();
    }
    before = await cartOf(cartId);
    expect(before).toHaveLength(1);
    await spendCartBudget(cartId);
  });

  test.each([
    ['en', 'cart-budget-en'],
    ['ar', 'cart-budget-ar'],
  ])('in %s: a clear message, and the cart unchanged', async (locale, shot) => {
    const shop = await shopAs(locale, cartId);
    try {
      const refused = shop.page.waitForResponse((r) => r.url().endsWith('/api/user/cart') && r.request().method() === 'POST');
      await addFirstSize(shop.page, poster.id);
      const answer = await refused;
      expect(answer.status()).toBe(429);
      expect(Number(answer.headers()['retry-after'])).toBeGreaterThan(0);
      const toast = shop.page.getByTestId('toast').filter({ hasText: WORDS[locale] });
      await toast.waitFor();
      expect(await toast.getAttribute('role')).toBe('alert');
      await screenshot(shop.page, shot);
      expect(await cartOf(cartId)).toEqual(before);
      expect(shop.errors).toEqual([]);
    } finally {
      await shop.close();
    }
  });
});
