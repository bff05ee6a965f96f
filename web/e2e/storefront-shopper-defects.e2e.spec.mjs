// The defects found trying the shop as a shopper would (phone 390x844 in Arabic, desktop in
// English), each driven in Chromium against the real stack and its seeded demo catalogue:
// Spirit Forest is an ANIME poster (15% off), 220 EGP at 30x40; FOLLOW10 is the promo code;
// the Black Frame add-on says it fits 30x40.
import { expect } from '@jest/globals';
import { DESKTOP, fillCheckoutForm, screenshot, withShop } from './support.mjs';

const PHONE_390 = { width: 390, height: 844 };

/** Opens a poster from the shop by its name; `shown`: the name its card shows (its Arabic one on Arabic pages). */
async function openPoster(page, name, { category, shown = name } = {}) {
  await page.goto(`/shop?q=${encodeURIComponent(name)}${category ? `&category=${category}` : ''}`);
  await page.getByTestId('poster-card').filter({ hasText: shown }).first().click();
  await page.getByTestId('add-to-cart').waitFor();
  await page.getByTestId('poster-price').waitFor();
}

async function chooseSize(page, label) {
  await page.locator('fieldset label').filter({ hasText: label }).first().click();
}

/** Visible text of an element, without the invisible bidi marks Intl puts around Arabic money. */
async function visibleText(locator) {
  return (await locator.innerText()).replace(/[\u200e\u200f\u061c]/g, '').replace(/\u00a0/g, ' ').trim();
}

const money = (text) => Number(/[\d,]+\.\d\d/.exec(text)[0].replace(/,/g, ''));

/** WCAG contrast of an element's text against the first opaque background behind it. */
async function contrastOf(locator) {
  return locator.evaluate((el) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    const rgba = (color) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      return ctx.getImageData(0, 0, 1, 1).data;
    };
    const luminance = ([r, g, b]) =>
      [r, g, b].map((c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)).reduce((s, c, i) => s + c * [0.2126, 0.7152, 0.0722][i], 0);
    let node = el;
    let bg = null;
    while (node && !bg) {
      const c = rgba(getComputedStyle(node).backgroundColor);
      if (c[3] === 255) bg = c;
      node = node.parentElement;
    }
    const fg = luminance(rgba(getComputedStyle(el).color));
    const back = luminance(bg ?? [255, 255, 255]);
    return (Math.max(fg, back) + 0.05) / (Math.min(fg, back) + 0.05);
  });
}

function overlaps(a, b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('storefront: defects found as a shopper', () => {
  test('desktop: the drawer shows the priced cart (561 after the discount, not 660); checkout keeps its fields, shows the minimum-order fix beside Place Order and a refused promo code inline; the confirmation recaps the order', () =>
    withShop({ viewport: DESKTOP }, async (shop) => {
      const { page } = shop;
      await openPoster(page, 'Spirit Forest');
      await chooseSize(page, '30x40');
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      await page.getByTestId('add-to-cart').click();
      const drawer = page.getByTestId('cart-drawer');
      await drawer.getByTestId('cart-line').first().waitFor();
      await drawer.getByTestId('drawer-items-total').waitFor();
      // 3 x 220 = 660 at catalogue price, 15% off = 561: the total the shopper reads is the lines' sum.
      expect(await visibleText(drawer.getByTestId('drawer-items-total'))).toBe('LE 561.00');
      expect(await visibleText(drawer.getByTestId('drawer-discounts'))).toBe('−LE 99.00');
      const lines = await drawer.getByTestId('cart-line').locator('p.text-end').allInnerTexts();
      expect(lines.map(money).reduce((a, b) => a + b, 0)).toBe(561);
      // The bar follows the server's priced cart (free shipping counts catalogue prices) and says so.
      const bar = drawer.getByTestId('free-shipping');
      expect(await visibleText(bar)).toContain('Add LE 839.00 more for FREE shipping!');
      expect(await visibleText(bar)).toContain('Free shipping counts catalogue prices, before discounts.');
      await screenshot(page, 'defects-drawer-desktop');

      // Back to one poster: outside Cairo and Giza that is below the minimum.
      await drawer.getByRole('button', { name: /Decrease quantity/ }).click();
      await drawer.getByTestId('line-quantity').filter({ hasText: '2' }).waitFor();
      await drawer.getByRole('button', { name: /Decrease quantity/ }).click();
      await drawer.getByTestId('line-quantity').filter({ hasText: '1' }).waitFor();
      await drawer.getByTestId('drawer-checkout').click();
      await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();

      await fillCheckoutForm(page, { email: 'mona@example.com', city: 'Aswan', governorate: 'ASWAN', notes: 'Ring twice' });

      // The reason is right above the disabled button, with the quantity there to fix it.
      const warning = page.getByTestId('min-posters-warning');
      await warning.waitFor();
      expect(await warning.innerText()).toContain('Delivery to Aswan needs at least 2 posters; you have 1 poster.');
      const placeOrder = page.getByTestId('place-order');
      expect(await placeOrder.isDisabled()).toBe(true);
      const [w, b] = [await warning.boundingBox(), await placeOrder.boundingBox()];
      expect(b.y - (w.y + w.height)).toBeLessThan(40);
      expect(b.y - (w.y + w.height)).toBeGreaterThanOrEqual(0);
      await warning.getByRole('button', { name: /Increase quantity/ }).click();
      await warning.waitFor({ state: 'detached' });
      expect(await placeOrder.isEnabled()).toBe(true);

      // Reload, then away and back: all nine fields are still there, and none of it is in the URL.
      const fields = { 'First name': 'Mona', 'Last name': 'Adel', 'Phone number': '0100 123 4567', 'E-mail (optional)': 'mona@example.com', 'Address line': '12 Nile Corniche', Building: '4', Apartment: '7' };
      const expectFields = async () => {
        await page.getByLabel('First name').waitFor();
        for (const [label, value] of Object.entries(fields)) expect(await page.getByLabel(label).inputValue()).toBe(value);
        expect(await page.getByLabel('City', { exact: false }).first().inputValue()).toBe('Aswan');
        expect(await page.getByLabel('Governorate').inputValue()).toBe('ASWAN');
        expect(await page.getByLabel('Notes', { exact: false }).inputValue()).toBe('Ring twice');
        expect(new URL(page.url()).search).toBe('');
      };
      await page.reload();
      await expectFields();
      await page.goto('/shop');
      await page.getByTestId('result-range').waitFor();
      await page.goBack();
      await expectFields();
      await page.goForward();
      await page.getByTestId('result-range').waitFor();
      await page.goBack();
      await expectFields();

      // A wrong code stays in the field, with the reason under it; the right one then applies.
      const promo = page.getByPlaceholder('Promo code');
      await promo.fill('FOLOW10');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByTestId('promo-error').waitFor();
      expect(await promo.inputValue()).toBe('FOLOW10');
      expect(await page.getByTestId('promo-error').innerText()).toMatch(/\S/);
      const [p, e] = [await promo.boundingBox(), await page.getByTestId('promo-error').boundingBox()];
      expect(e.y).toBeGreaterThanOrEqual(p.y + p.height - 1);
      await promo.fill('FOLLOW10');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByTestId('promo-applied').waitFor();
      await page.waitForFunction(() => /LE \d/.test(document.querySelector('[data-testid="summary-shipping"]')?.textContent ?? ''));
      const total = await visibleText(page.getByTestId('summary-total'));

      await placeOrder.click();
      await page.waitForURL('**/order-confirmation/*');
      await page.getByTestId('order-recap').waitFor();
      expect(await visibleText(page.getByTestId('recap-items'))).toMatch(/Spirit Forest · 30x40cm × 2\s+LE 374\.00/);
      const address = await page.getByTestId('recap-address').innerText();
      for (const part of ['Mona Adel', '12 Nile Corniche', 'Building 4, Apt 7', 'Aswan', '01001234567']) expect(address).toContain(part);
      expect(await visibleText(page.getByTestId('recap-cash'))).toContain(total);
      await screenshot(page, 'defects-confirmation-desktop');
      // Once ordered, the address typed is forgotten.
      expect(await page.evaluate(() => sessionStorage.getItem('checkout-form'))).toBeNull();
      expect(shop.errors).toEqual([]);
    }));

  test('phone 390x844 in Arabic: the Added toast clears the drawer Checkout button; money says ج.م, English text keeps its own direction, the arrow and quotes face the right way', () =>
    withShop({ viewport: PHONE_390, locale: 'ar' }, async (shop) => {
      const { page } = shop;
      await page.goto('/');
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      // "View all" points the way Arabic reads: the arrow is mirrored.
      const arrow = page.getByTestId('view-all-arrow').first();
      await arrow.waitFor();
      expect(await arrow.evaluate((el) => getComputedStyle(el).scale.split(' ')[0])).toBe('-1');

      await openPoster(page, 'Spirit Forest', { shown: 'غابة الأرواح' });
      // The Arabic page shows the poster's Arabic description, right to left.
      const description = page.getByTestId('poster-description');
      expect(await description.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
      expect(await description.getAttribute('lang')).toBeNull();
      expect(await visibleText(page.getByTestId('poster-price'))).toContain('ج.م');
      expect(await page.getByTestId('poster-price').innerText()).not.toMatch(/LE|EGP/);
      await chooseSize(page, '٣٠×٤٠ سم');
      await page.getByTestId('add-to-cart').click();

      const toast = page.getByTestId('toast');
      const checkout = page.getByTestId('drawer-checkout');
      await toast.waitFor();
      await checkout.waitFor();
      expect(overlaps(await toast.boundingBox(), await checkout.boundingBox())).toBe(false);
      // The button under where the toast used to be takes the tap.
      expect(await checkout.evaluate((el) => { const r = el.getBoundingClientRect(); return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.closest('[data-testid="drawer-checkout"]') === el; })).toBe(true);
      await screenshot(page, 'defects-drawer-phone-ar');

      const drawer = page.getByTestId('cart-drawer');
      const bar = await visibleText(drawer.getByTestId('free-shipping'));
      expect(bar).toContain('ج.م');
      expect(bar).not.toMatch(/LE|EGP/);
      // The discount's minus sign stays on the number, inside one isolated price.
      const discount = drawer.getByTestId('drawer-discounts').locator('bdi');
      expect(await discount.getAttribute('dir')).toBe('rtl');
      expect(await visibleText(discount)).toMatch(/^-[٠-٩٫]+ ج\.م\.$/);
      // No price breaks across two lines.
      for (const price of await page.locator('[data-money]').all()) {
        if (!(await price.isVisible())) continue;
        const lineHeight = await price.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || el.getBoundingClientRect().height);
        expect((await price.boundingBox()).height).toBeLessThanOrEqual(lineHeight * 1.5);
      }
      await drawer.getByRole('button', { name: /إغلاق|Close/ }).first().click();

      // Add-on prices on the shop's add-ons tab stay on one line at this width.
      await page.goto('/shop?tab=addons');
      await page.getByTestId('addon-card').first().waitFor();
      // The demo add-ons have Arabic descriptions: shown in the page's language and direction, with no
      // lang of their own (one written only in English falls back marked English, with dir="auto").
      const addOnText = page.getByTestId('addon-card').first().locator('p').first();
      expect(await addOnText.getAttribute('lang')).toBeNull();
      expect(await addOnText.textContent()).toMatch(/[\u0621-\u064a]/);
      expect(await addOnText.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
      for (const price of await page.getByTestId('addon-card').locator('[data-money]').all()) {
        expect((await price.boundingBox()).height).toBeLessThan(30);
      }

      // The searched words are isolated: the Arabic quotes wrap them in reading order.
      await page.goto('/shop?q=sky');
      const heading = page.getByTestId('shop-heading');
      await heading.locator('bdi').waitFor();
      expect(await heading.innerText()).toBe('نتائج البحث عن «sky»');
      expect(shop.errors).toEqual([]);
    }));

  test('search looks in every category unless the shopper keeps the filter, and says which', () =>
    withShop({ viewport: DESKTOP }, async (shop) => {
      const { page } = shop;
      await page.goto('/shop?category=NATURE');
      await page.getByTestId('result-range').waitFor();
      await page.getByLabel('Search posters', { exact: false }).fill('sky');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForFunction(() => new URL(location.href).searchParams.get('q') === 'sky');
      expect(new URL(page.url()).searchParams.get('category')).toBeNull();
      expect(await page.getByTestId('search-scope').innerText()).toBe('Searching all categories');
      await page.getByTestId('poster-card').filter({ hasText: 'Sky Runner' }).waitFor();

      await page.getByLabel('Category').selectOption('ANIME');
      await page.waitForFunction(() => new URL(location.href).searchParams.get('category') === 'ANIME');
      await page.getByTestId('keep-category').check();
      await page.getByLabel('Search posters', { exact: false }).fill('spirit');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForFunction(() => new URL(location.href).searchParams.get('q') === 'spirit');
      expect(new URL(page.url()).searchParams.get('category')).toBe('ANIME');
      const scope = page.getByTestId('search-scope');
      expect(await scope.innerText()).toContain('Searching in Anime only');
      await scope.getByRole('button', { name: 'Search all categories' }).click();
      await page.waitForFunction(() => !new URL(location.href).searchParams.has('category'));
      expect(await scope.innerText()).toBe('Searching all categories');
    }));

  test('contrast of the old price and the footer is at least 4.5:1, dark buttons show a focus ring, and focus moves to the new page heading', () =>
    withShop({ viewport: DESKTOP }, async (shop) => {
      const { page } = shop;
      await openPoster(page, 'Spirit Forest');
      expect(await contrastOf(page.getByTestId('poster-price').locator('s'))).toBeGreaterThanOrEqual(4.5);
      const footer = page.locator('footer');
      for (const text of await footer.locator('p, a').all()) expect(await contrastOf(text)).toBeGreaterThanOrEqual(4.5);

      // Keyboard focus on the dark Add to Cart button: a ring of 3 px, off the button, in a colour
      // that stands out from both the button and the page.
      const add = page.getByTestId('add-to-cart');
      await add.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      const ring = await add.evaluate((el) => {
        const s = getComputedStyle(el);
        return { focused: el.matches(':focus-visible'), style: s.outlineStyle, width: parseFloat(s.outlineWidth), offset: parseFloat(s.outlineOffset) };
      });
      expect(ring).toEqual({ focused: true, style: 'solid', width: 3, offset: 2 });

      // Moving to another page puts focus on its heading, as a page load would.
      await page.locator('footer').getByRole('link', { name: 'Terms & Conditions' }).first().click();
      await page.waitForURL('**/terms');
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      await page.goto('/shop');
      await page.getByTestId('poster-card').first().click();
      await page.getByTestId('add-to-cart').waitFor();
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1' && document.activeElement.closest('main'));
    }));

  test('the poster page offers the frames the catalogue has for the chosen size, and adds one with the poster', () =>
    withShop({ viewport: DESKTOP }, async (shop) => {
      const { page } = shop;
      await openPoster(page, 'Nile at Dusk');
      expect(await page.getByTestId('frame-picker').count()).toBe(0);
      await chooseSize(page, '20x30');
      expect(await page.getByTestId('frame-picker').count()).toBe(0);
      await chooseSize(page, '30x40');
      const picker = page.getByTestId('frame-picker');
      await picker.waitFor();
      expect(await visibleText(picker)).toContain('Black Frame');
      expect(await visibleText(picker)).toContain('+ LE 180.00');
      await picker.getByText('Black Frame').click();
      await page.getByTestId('add-to-cart').click();
      const drawer = page.getByTestId('cart-drawer');
      await drawer.getByTestId('cart-line').getByText('Black Frame').waitFor();
      await drawer.getByTestId('cart-line').getByText('Nile at Dusk').waitFor();
      expect(await drawer.getByTestId('cart-line').count()).toBe(2);
      await screenshot(page, 'defects-frame-desktop');
    }));
});
