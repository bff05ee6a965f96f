// A promo code with rules, from the back-office to the Arabic checkout: the owner creates
// "WELCOME10: 10% off, from today for 7 days, once per customer, minimum LE 300"; a shopper uses it
// once; the same phone's second use is refused, in Arabic on /ar; the list shows the one use.
import { expect } from '@jest/globals';
import { adminCall, apiToken, BASE_URL, eventually, listedPosters, placeOrderAsShopper, useSignedInPage } from './admin-support.mjs';
import { PHONE, withShop } from './support.mjs';

const CODE = 'WELCOME10';
const SHOPPER_PHONE = '01098765432';

/** The shop day (Africa/Cairo) `days` from today, as a date input takes it. */
function shopDay(days) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
}

describe('a promo code with rules', () => {
  let page;
  useSignedInPage((p) => (page = p));
  let nile;

  beforeAll(async () => {
    nile = (await listedPosters('limit=100')).find((p) => p.name === 'Nile at Dusk');
    expect(nile).toBeDefined();
  });

  test('the owner creates WELCOME10 with its rules; the same phone cannot use it twice, told so in Arabic; the list shows 1 use', async () => {
    await page.goto(`${BASE_URL}/admin/promo-codes`);
    await page.getByRole('button', { name: 'Add Promo Code' }).click();
    const form = page.getByRole('form', { name: 'Create promo code' });
    await form.getByLabel('Code', { exact: true }).fill(CODE);
    await form.getByLabel('Discount %').fill('10');
    await form.getByLabel('Starts on').fill(shopDay(0));
    await form.getByLabel('Ends on (last day)').fill(shopDay(6));
    await form.getByLabel('Minimum subtotal (LE)').fill('300');
    await form.getByLabel('Once per customer').check();
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Promo code created successfully').waitFor();
    await expect(page.getByTestId('promo-uses-note').textContent()).resolves.toContain('gives the use back');

    const nileVariant = nile.variants.find((v) => v.size === 'SIZE_20x30') ?? nile.variants[0];
    const first = await placeOrderAsShopper({ posterId: nile.id, variantId: nileVariant.id ?? nileVariant.variantId, size: nileVariant.size, quantity: 3, phone: SHOPPER_PHONE, promoCode: CODE });
    expect(first.totals).toMatchObject({ promoCode: CODE });
    expect(first.totals.discountFromPromoCode).toBeGreaterThan(0);

    await withShop({ viewport: PHONE, locale: 'ar' }, async ({ page: shop, errors }) => {
      await shop.goto(`/posters/${nile.id}`);
      await shop.locator('fieldset label').first().click();
      await shop.getByRole('button', { name: 'زيادة الكمية' }).click();
      await shop.getByRole('button', { name: 'زيادة الكمية' }).click();
      await shop.getByTestId('add-to-cart').click();
      const drawer = shop.getByTestId('cart-drawer');
      await drawer.waitFor();
      await drawer.getByTestId('drawer-checkout').click();
      await shop.waitForURL('**/checkout');
      expect(new URL(shop.url()).pathname).toBe('/ar/checkout');
      await shop.getByLabel('كود الخصم', { exact: true }).fill(CODE);
      await shop.getByRole('button', { name: 'تطبيق', exact: true }).click();
      await shop.getByTestId('promo-applied').waitFor();
      for (const [field, value] of [['firstName', 'منى'], ['lastName', 'عادل'], ['phone', '٠١٠٩ ٨٧٦ ٥٤٣٢'], ['addressLine', '١٢ شارع التحرير'], ['building', '٤'], ['apartment', '٧'], ['city', 'القاهرة']]) {
        await shop.locator(`#checkout-${field}`).fill(value);
      }
      await shop.locator('#checkout-governorate').selectOption('CAIRO');
      await shop.getByTestId('place-order').click();
      await shop.getByText('لقد استخدمت هذا الكود من قبل').first().waitFor();
      expect(await shop.getByText('You have already used this code').count()).toBe(0);
      expect(new URL(shop.url()).pathname).toBe('/ar/checkout');
      expect(errors).toEqual([]);
    });

    await eventually(async () => {
      await page.goto(`${BASE_URL}/admin/promo-codes`);
      expect(await page.getByTestId(`promo-uses-${CODE}`).textContent({ timeout: 3_000 })).toBe('1');
    });
  });

  test('a code the cart holds stops applying: the Arabic checkout says why instead of dropping it silently', async () => {
    const token = await apiToken();
    await adminCall(token, 'POST', '/admin/promocodes', { code: 'SHRINK', percentOff: 10 });
    await withShop({ viewport: PHONE, locale: 'ar' }, async ({ page: shop, errors }) => {
      await shop.goto(`/posters/${nile.id}`);
      await shop.locator('fieldset label').first().click();
      await shop.getByTestId('add-to-cart').click();
      const drawer = shop.getByTestId('cart-drawer');
      await drawer.waitFor();
      await drawer.getByTestId('drawer-checkout').click();
      await shop.waitForURL('**/checkout');
      await shop.getByLabel('كود الخصم', { exact: true }).fill('SHRINK');
      await shop.getByRole('button', { name: 'تطبيق', exact: true }).click();
      await shop.getByTestId('promo-applied').waitFor();

      // The owner raises the code's minimum far above this cart.
      await adminCall(token, 'PATCH', '/admin/promocodes/SHRINK', { minimumSubtotal: 100000 });
      await shop.reload();
      const notice = shop.getByTestId('promo-dropped');
      await notice.waitFor();
      const text = await notice.textContent();
      expect(text).toContain('SHRINK');
      expect(text).toContain('لم يعد ساريًا');
      expect(text).toContain('هذا الكود يتطلب مجموعًا فرعيًا لا يقل عن');
      expect(text).not.toContain('This code needs');
      expect(await shop.getByTestId('promo-applied').count()).toBe(0);

      await notice.getByRole('button', { name: 'إزالة' }).click();
      await notice.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    });
  });

  test('the owner schedules a category discount: the list says Scheduled and the shop keeps its prices until it starts', async () => {
    const before = (await (await fetch(`${BASE_URL}/api/public/posters/${nile.id}`)).json()).variants.map((v) => v.discountedPrice);
    await page.goto(`${BASE_URL}/admin/discounts`);
    const form = page.getByRole('form', { name: 'Create discount' });
    await form.getByLabel('Category').selectOption(nile.category);
    await form.getByLabel('Percent off').fill('40');
    await form.getByLabel('Starts on').fill(shopDay(3));
    await form.getByLabel('Ends on (last day)').fill(shopDay(2));
    await form.getByRole('button', { name: 'Add Discount' }).click();
    await page.getByText('The end date: The end must not be before the start').first().waitFor();
    await form.getByLabel('Ends on (last day)').fill(shopDay(9));
    await form.getByRole('button', { name: 'Add Discount' }).click();
    await page.getByText('Created').first().waitFor();
    await eventually(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      expect(await page.getByText('Scheduled', { exact: true }).count()).toBe(1);
    });
    const after = (await (await fetch(`${BASE_URL}/api/public/posters/${nile.id}`)).json()).variants.map((v) => v.discountedPrice);
    expect(after).toEqual(before);
  });
});

