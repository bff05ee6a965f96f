// The Arabic storefront on a phone: searches spelt the ways an Arabic reader spells one word find
// the poster, the catalogue shows the Arabic wording the admin wrote (and marks English it falls
// back to), and a server refusal reads in Arabic. This test's poster is its own and deleted afterwards.
import { expect } from '@jest/globals';
import { adminCall, apiToken, eventually, listedPosters } from './admin-support.mjs';
import { PHONE, screenshot, withShop } from './support.mjs';

const NAME = 'خريطة الإسكندرية القديمة';

/** An amount as the Arabic page writes it (Arabic-Indic digits, ٫ decimals, ٬ thousands, a minus for a discount) as a number. */
function amount(text) {
  const western = text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[٬,]/g, '').replace(/٫/g, '.');
  const number = /-?\d+(\.\d+)?/.exec(western.replace(/[\u200e\u200f\u061c]/g, ''));
  return number ? Number(number[0]) : 0;
}

/**
 * On the checkout page just opened: FOLLOW10 applied and the form filled as an Arabic shopper types
 * it (Arabic-Indic digits). FOLLOW10 is once per customer, so each order here has its own phone.
 */
async function fillArabicCheckoutWithPromo(page, phone) {
  await page.waitForURL('**/checkout');
  await page.getByLabel('كود الخصم', { exact: true }).fill('FOLLOW10');
  await page.getByRole('button', { name: 'تطبيق', exact: true }).click();
  await page.getByTestId('promo-applied').waitFor();
  for (const [field, value] of [['firstName', 'منى'], ['lastName', 'عادل'], ['phone', phone], ['addressLine', '١٢ كورنيش النيل'], ['building', '٤'], ['apartment', '٧'], ['city', 'أسوان']]) {
    await page.locator(`#checkout-${field}`).fill(value);
  }
  await page.locator('#checkout-governorate').selectOption('ASWAN');
}

describe('the Arabic storefront', () => {
  let token;
  let posterId;
  let nile;

  beforeAll(async () => {
    token = await apiToken();
    nile = (await listedPosters('limit=100')).find((p) => p.name === 'Nile at Dusk');
    expect(nile).toMatchObject({ nameAr: 'النيل عند الغروب' });
    const { body } = await adminCall(token, 'POST', '/admin/posters', {
      name: NAME, description: 'طبعة عام 1950', category: 'OTHER', imageUrl: nile.imageUrl, variants: [{ size: 'SIZE_30x40', price: 250 }],
    });
    posterId = body.id;
  });
  afterAll(async () => {
    if (posterId) await adminCall(token, 'DELETE', `/admin/posters/${posterId}`);
  });

  test.each([
    ['خريطة', 'the spelling of the name'],
    ['خريطه', 'ta marbuta typed as ha'],
    ['الاسكندرية', 'alef without hamza'],
    ['١٩٥٠', 'the year in Arabic-Indic digits'],
  ])('searching %s (%s) finds the poster', (query) =>
    withShop({ viewport: PHONE, locale: 'ar' }, async ({ page, errors }) => {
      await eventually(async () => {
        await page.goto(`/shop?q=${encodeURIComponent(query)}`);
        const cards = page.getByTestId('poster-card');
        await cards.first().waitFor({ timeout: 2_000 });
        // The demo's old map of the Delta is a خريطة too.
        expect(await cards.locator('h3').allTextContents()).toContain(NAME);
      });
      expect(await page.evaluate(() => location.pathname)).toBe('/ar/shop');
      expect(errors).toEqual([]);
    }));

  test('a poster shows its Arabic name and description, in its page and in the grid', () =>
    withShop({ viewport: PHONE, locale: 'ar' }, async ({ page, errors }) => {
      await page.goto(`/posters/${nile.id}`);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.getByText('النيل عند الغروب').waitFor();
      expect(await heading.locator('bdi').getAttribute('lang')).toBeNull();
      expect(await page.getByTestId('poster-description').textContent()).toBe(nile.descriptionAr);
      await page.goto('/shop?q=Dusk');
      const card = page.getByTestId('poster-card').first();
      await card.waitFor();
      expect(await card.locator('h3').textContent()).toBe('النيل عند الغروب');
      await screenshot(page, 'arabic-poster-page');
      expect(errors).toEqual([]);
    }));

  test('an unknown promo code is refused in Arabic', () =>
    withShop({ viewport: PHONE, locale: 'ar' }, async ({ page, errors }) => {
      await page.goto(`/posters/${nile.id}`);
      await page.locator('fieldset label').first().click();
      await page.getByTestId('add-to-cart').click();
      const drawer = page.getByTestId('cart-drawer');
      await drawer.waitFor();
      await drawer.getByTestId('drawer-checkout').click();
      await page.waitForURL('**/checkout');
      await page.getByLabel('كود الخصم', { exact: true }).fill('NO-SUCH-CODE');
      await page.getByRole('button', { name: 'تطبيق', exact: true }).click();
      await page.getByText('كود الخصم غير صحيح').first().waitFor();
      expect(await page.getByText('Invalid promo code').count()).toBe(0);
      expect(errors).toEqual([]);
    }));

  test('checkout with a promo code: the confirmation shows each line of the total and they add up; tracking opens filled in', () =>
    withShop({ viewport: PHONE, locale: 'ar' }, async ({ page, errors }) => {
      await page.goto(`/posters/${nile.id}`);
      await page.locator('fieldset label').first().click();
      await page.getByRole('button', { name: 'زيادة الكمية' }).click();
      await page.getByTestId('add-to-cart').click();
      const drawer = page.getByTestId('cart-drawer');
      await drawer.waitFor();
      await drawer.getByTestId('drawer-checkout').click();
      await fillArabicCheckoutWithPromo(page, '٠١١١ ٢٢٢ ٣٣٤٤');
      await page.getByTestId('place-order').click();

      const number = page.getByTestId('order-number');
      await number.waitFor();
      const orderNumber = (await number.textContent()).replace(/[\u200e\u200f\u2066-\u2069]/g, '').trim();
      // One line: the order number never wraps.
      const box = await number.boundingBox();
      const lineHeight = await number.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect(box.height).toBeLessThan(lineHeight * 1.5);

      const summary = page.getByTestId('order-recap').getByTestId('order-summary');
      // Every line but the total, and the VAT the total includes (reported only).
      const lines = await summary.locator(':scope > div').evaluateAll((divs) =>
        divs
          .filter((d) => !d.querySelector('[data-testid="summary-total"]') && d.dataset.testid !== 'summary-tax')
          .map((d) => ({ label: d.querySelector('dt')?.textContent ?? '', value: d.querySelector('dd')?.textContent ?? '' })),
      );
      const total = amount(await summary.getByTestId('summary-total').textContent());
      expect(lines.length).toBeGreaterThanOrEqual(4);
      expect(lines.some((r) => r.label.includes('FOLLOW10'))).toBe(true);
      expect(lines.filter((r) => r.value.includes('-')).length).toBeGreaterThanOrEqual(1);
      const sum = lines.reduce((acc, r) => acc + amount(r.value), 0);
      expect(Math.round(sum * 100)).toBe(Math.round(total * 100));
      expect(amount(await page.getByTestId('recap-cash').textContent())).toBe(total);
      await screenshot(page, 'arabic-confirmation');

      await page.getByTestId('track-link').click();
      await page.waitForURL('**/track?order=*');
      expect(page.url()).not.toMatch(/0111|٠١١١/);
      await eventually(async () => expect(await page.getByLabel('رقم الموبايل').inputValue()).toBe('01112223344'));
      expect(await page.getByLabel('رقم الطلب').inputValue()).toBe(orderNumber);
      expect(errors).toEqual([]);
    }));

  test('Arabic pages write Arabic-Indic digits: home, shop, poster, cart, checkout, confirmation and tracking have no Western digit outside English fragments and form fields', () =>
    withShop({ viewport: PHONE, locale: 'ar' }, async ({ page, errors }) => {
      // Allowed: text marked English (an order number, a promo code, an English name) and what the shopper types.
      const westernDigits = () =>
        page.evaluate(() => {
          const allowed = (el) => el.closest('[lang="en"], input, textarea, script, style');
          const found = [];
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const el = node.parentElement;
            if (!el || allowed(el) || !el.getClientRects().length) continue;
            if (/[0-9]/.test(node.textContent)) found.push(node.textContent.trim().slice(0, 60));
          }
          return found;
        });
      const found = {};

      await page.goto('/');
      await page.getByTestId('poster-card').first().waitFor();
      found.home = await westernDigits();

      await page.goto('/shop');
      await page.getByTestId('result-range').waitFor();
      expect(await page.getByTestId('result-range').textContent()).toMatch(/^عرض ١–\S+ من \S+$/);
      found.shop = await westernDigits();

      await page.goto(`/posters/${nile.id}`);
      await page.locator('fieldset label').first().click();
      expect(await page.locator('fieldset label').first().textContent()).toContain('سم');
      // The demo announcement has an Arabic wording: shown as the page's language, its code marked English.
      expect(await page.getByTestId('announcement').getAttribute('lang')).toBeNull();
      expect(await page.getByTestId('announcement').locator('[lang="en"]').first().textContent()).toBe('FOLLOW10');
      expect(await page.getByTestId('language-toggle').getAttribute('aria-label')).toBeNull();
      found.poster = await westernDigits();

      await page.getByRole('button', { name: 'زيادة الكمية' }).click();
      await page.getByTestId('add-to-cart').click();
      const drawer = page.getByTestId('cart-drawer');
      await drawer.getByTestId('drawer-checkout').waitFor();
      found.cart = await westernDigits();

      await drawer.getByTestId('drawer-checkout').click();
      await fillArabicCheckoutWithPromo(page, '٠١١١ ٢٢٢ ٣٣٥٥');
      await page.getByTestId('summary-total').waitFor();
      found.checkout = await westernDigits();

      await page.getByTestId('place-order').click();
      await page.getByTestId('order-number').waitFor();
      found.confirmation = await westernDigits();

      await page.getByTestId('track-link').click();
      await page.waitForURL('**/track?order=*');
      await eventually(async () => {
        await page.getByRole('button', { name: 'تتبع الطلب', exact: true }).click();
        await page.getByTestId('tracked-order').locator('li[data-done="true"]').first().waitFor({ timeout: 2_000 });
      });
      // The timeline's dates too.
      expect(await page.getByTestId('tracked-order').locator('li[data-done="true"] p').nth(1).textContent()).toMatch(/[\u0660-\u0669]/);
      found.tracking = await westernDigits();

      expect(found).toEqual({ home: [], shop: [], poster: [], cart: [], checkout: [], confirmation: [], tracking: [] });
      expect(errors).toEqual([]);
    }));
});
