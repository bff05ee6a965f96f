// An Arabic shopper's walk with no English in it: every page a customer sees (home, shop, custom, poster, cart,
// the minimum-two-posters warning, checkout, confirmation, tracking, the policy pages) is scanned
// for Latin letters. Allowed: the tokens listed once in libs/domain's customer-words.ts (order
// numbers, e-mail addresses, codes, brand names) and what the shopper typed (form fields and
// elements marked data-customer-input). Text read by screen readers (aria-label, alt, title) counts.
import { expect } from '@jest/globals';
import { eventually, listedPosters } from './admin-support.mjs';
import { latinLeaks } from '../../dist/libs/domain/src/shared/customer-words.js';
import { PHONE, screenshot, withShop } from './support.mjs';

/** Every Latin word the page shows or says, with the element it sits in. */
async function leaksOn(page) {
  const texts = await page.evaluate(() => {
    const skipped = (el) => el.closest('input, textarea, select, script, style, noscript, [data-customer-input]');
    const found = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || skipped(el) || !el.getClientRects().length || !node.textContent.trim()) continue;
      found.push({ where: el.tagName.toLowerCase() + (el.dataset.testid ? `[${el.dataset.testid}]` : ''), text: node.textContent });
    }
    for (const el of document.body.querySelectorAll('[aria-label], [alt], [title], [placeholder]')) {
      if (skipped(el) && !el.matches('input, textarea, select')) continue;
      for (const attr of ['aria-label', 'alt', 'title', 'placeholder']) {
        const value = el.getAttribute(attr);
        if (value) found.push({ where: `${el.tagName.toLowerCase()}@${attr}`, text: value });
      }
    }
    found.push({ where: 'title', text: document.title });
    return found;
  });
  return texts.flatMap(({ where, text }) => {
    const leaks = latinLeaks(text);
    return leaks.length ? [`${where}: ${text.trim().slice(0, 80)}`] : [];
  });
}

describe('Arabic pages carry no English', () => {
  let nile;
  beforeAll(async () => {
    nile = (await listedPosters('limit=100')).find((p) => p.name === 'Nile at Dusk');
    expect(nile.nameAr).toBeTruthy();
  });

  test('home, shop, custom, poster, cart, the two-posters warning, checkout, confirmation, tracking and every policy page', () =>
    withShop({ viewport: PHONE, locale: 'ar' }, async ({ page, errors }) => {
      const found = {};

      await page.goto('/');
      await page.getByTestId('poster-card').first().waitFor();
      found.home = await leaksOn(page);

      await page.goto('/shop');
      await page.getByTestId('result-range').waitFor();
      found.shop = await leaksOn(page);

      await page.goto('/custom');
      await page.getByRole('heading', { level: 1 }).waitFor();
      found.custom = await leaksOn(page);

      await page.goto(`/posters/${nile.id}`);
      await page.locator('fieldset label').first().click();
      found.poster = await leaksOn(page);

      await page.getByTestId('add-to-cart').click();
      const drawer = page.getByTestId('cart-drawer');
      await drawer.getByTestId('drawer-checkout').waitFor();
      found.cart = await leaksOn(page);

      await drawer.getByTestId('drawer-checkout').click();
      await page.waitForURL('**/checkout');
      for (const [field, value] of [['firstName', 'منى'], ['lastName', 'عادل'], ['phone', '٠١٠٠ ١٢٣ ٤٥٦٧'], ['addressLine', 'شارع الجمهورية'], ['building', '١٢'], ['apartment', '٤'], ['city', 'أسوان']]) {
        await page.locator(`#checkout-${field}`).fill(value);
      }
      await page.locator('#checkout-governorate').selectOption('ASWAN');
      // One poster outside the exempt governorates: the warning names it in Arabic.
      const warning = page.getByTestId('min-posters-warning');
      await warning.waitFor();
      expect(await warning.textContent()).toContain(nile.nameAr);
      expect(await warning.textContent()).toContain('بوستر واحد');
      found.warning = await leaksOn(page);
      await warning.getByRole('button', { name: 'زيادة الكمية' }).click();
      await warning.waitFor({ state: 'detached' });
      await page.getByTestId('summary-total').waitFor();
      found.checkout = await leaksOn(page);

      await page.getByTestId('place-order').click();
      await page.getByTestId('order-number').waitFor();
      const recap = page.getByTestId('order-recap');
      expect(await recap.getByTestId('recap-items').textContent()).toContain(nile.nameAr);
      // Building and flat labelled, with the Arabic comma.
      expect(await page.getByTestId('recap-address').textContent()).toContain('عمارة ١٢، شقة ٤');
      found.confirmation = await leaksOn(page);
      await screenshot(page, 'arabic-no-english-confirmation');

      await page.getByTestId('track-link').click();
      await page.waitForURL('**/track?order=*');
      await eventually(async () => {
        await page.getByRole('button', { name: 'تتبع الطلب', exact: true }).click();
        await page.getByTestId('tracked-order').waitFor({ timeout: 2_000 });
      });
      // Two posters: Arabic's dual, not "٢ منتجات".
      expect(await page.getByTestId('tracked-order').textContent()).toContain('منتجان');
      found.tracking = await leaksOn(page);

      for (const path of ['/shipping-policy', '/refund-policy', '/privacy-policy', '/terms', '/about', '/contact']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        found[path] = await leaksOn(page);
      }
      // The free-shipping threshold is the shop's, in Arabic money; day counts in Arabic digits.
      await page.goto('/shipping-policy');
      const policy = await page.locator('main').textContent();
      expect(policy).toMatch(/١٬٤٩٩٫٠٠\s*ج\.م\./);
      expect(policy).toContain('من ٣ إلى ٥ أيام');

      expect(found).toEqual({
        home: [], shop: [], custom: [], poster: [], cart: [], warning: [], checkout: [], confirmation: [], tracking: [],
        '/shipping-policy': [], '/refund-policy': [], '/privacy-policy': [], '/terms': [], '/about': [], '/contact': [],
      });
      expect(errors).toEqual([]);
    }));

  test('the footer\'s phone number reads from its "+" on the left, its groups in order', () =>
    withShop({ viewport: PHONE, locale: 'ar' }, async ({ page }) => {
      await page.goto('/contact');
      const phone = page.locator('main a[href^="tel:"]');
      await phone.waitFor();
      // Where each character is drawn: the "+" first from the left, then ٢٠, then ١٠٠ …
      const order = await phone.evaluate((a) => {
        const text = a.querySelector('bdi').firstChild;
        const xOf = (i) => {
          const range = document.createRange();
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          return range.getBoundingClientRect().left;
        };
        const marks = [...text.textContent].map((c, i) => ({ c, x: xOf(i) })).filter(({ c }) => /[+\u0660-\u0669]/.test(c));
        return marks.sort((a, b) => a.x - b.x).map(({ c }) => c).join('');
      });
      expect(order).toBe('+٢٠١٠٠١٢٣٤٥٦٧');
    }));
});
