// Why this price: with a category discount switched on and a promo code applied, each cart line in
// the drawer names the rules that priced it, in English and in Arabic. The discount and the code are
// this spec's own (set up through the admin API) and deleted afterwards, so other specs see the
// demo shop's prices.
import { expect } from '@jest/globals';
import { apiToken, BASE_URL } from './admin-support.mjs';
import { DESKTOP, screenshot, withShop } from './support.mjs';

const CATEGORY = 'QUOTES'; // the demo shop has no discount on it
const PERCENT = 20;
const CODE = 'WHYPRICE12';
const CODE_PERCENT = 12;
const arabic = (n) => String(n).replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));

async function admin(token, method, url, body) {
  const res = await fetch(`${BASE_URL}/api${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Poster page → first size → add to cart; then the promo code at checkout; then the drawer again. */
async function cartWithRules(page, posterId, words) {
  await page.goto(`/posters/${posterId}`);
  await page.locator('fieldset label').first().click();
  await page.getByTestId('add-to-cart').click();
  const drawer = page.getByTestId('cart-drawer');
  await drawer.waitFor();
  await drawer.getByTestId('drawer-checkout').click();
  await page.waitForURL('**/checkout');
  await page.getByRole('heading', { name: words.checkout, level: 1 }).waitFor();
  await page.getByLabel(words.promo, { exact: true }).fill(CODE);
  await page.getByRole('button', { name: words.apply, exact: true }).click();
  await page.getByTestId('promo-applied').waitFor();
  await page.getByTestId('cart-button').click();
  await drawer.waitFor();
  return drawer;
}

describe('why this price in the cart drawer', () => {
  let token;
  let discountId;
  let poster;

  beforeAll(async () => {
    token = await apiToken();
    discountId = (await admin(token, 'POST', '/admin/discounts', { category: CATEGORY, percentage: PERCENT, active: true })).id;
    await admin(token, 'POST', '/admin/promocodes', { code: CODE, percentOff: CODE_PERCENT, active: true });
    const res = await fetch(`${BASE_URL}/api/public/posters?category=${CATEGORY}&limit=1`);
    [poster] = (await res.json()).posters;
    expect(poster).toMatchObject({ category: CATEGORY });
  });
  afterAll(async () => {
    // Other specs price the demo shop: take this spec's discount and code away again.
    if (discountId !== undefined) await admin(token, 'DELETE', `/admin/discounts/${discountId}`);
    await admin(token, 'DELETE', `/admin/promocodes/${CODE}`).catch(() => undefined);
  });

  test('in English: "−20% Quotes" and "WHYPRICE12 −12%" on the line', () =>
    withShop({ viewport: DESKTOP }, async (shop) => {
      const drawer = await cartWithRules(shop.page, poster.id, { checkout: 'Checkout', promo: 'Promo code', apply: 'Apply' });
      const rules = drawer.getByTestId('price-explanation').first();
      await rules.getByText(`${CODE} −${CODE_PERCENT}%`).waitFor();
      expect(await rules.getByRole('listitem').allTextContents()).toEqual([`−${PERCENT}% Quotes`, `${CODE} −${CODE_PERCENT}%`]);
      expect(await rules.getAttribute('aria-label')).toBe('Why this price');
      await screenshot(shop.page, 'price-explanation-en');
      expect(shop.errors).toEqual([]);
    }));

  test('in Arabic: the category and the digits in Arabic, the code as it is', () =>
    withShop({ viewport: DESKTOP, locale: 'ar' }, async (shop) => {
      const drawer = await cartWithRules(shop.page, poster.id, { checkout: 'إتمام الطلب', promo: 'كود الخصم', apply: 'تطبيق' });
      expect(await shop.page.locator('html').getAttribute('dir')).toBe('rtl');
      const rules = drawer.getByTestId('price-explanation').first();
      // Percentages in Arabic-Indic digits with the Arabic percent sign; the code as it is.
      await rules.getByText(`${CODE} −${arabic(CODE_PERCENT)}٪`).waitFor();
      expect(await rules.getByRole('listitem').allTextContents()).toEqual([`−${arabic(PERCENT)}٪ اقتباسات`, `${CODE} −${arabic(CODE_PERCENT)}٪`]);
      expect(await rules.getAttribute('aria-label')).toBe('لماذا هذا السعر');
      await screenshot(shop.page, 'price-explanation-ar');
      expect(shop.errors).toEqual([]);
    }));
});
