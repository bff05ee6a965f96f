// axe-core on every step of a purchase, on a phone, in English and in Arabic: home, shop, a poster,
// the cart drawer open, checkout, the confirmation and tracking. No serious or critical violation
// may remain, and every fragment in the other language's script is marked with its lang (axe checks
// only that a lang is valid): a failure lists each rule with the elements it found.
import { expect } from '@jest/globals';
import { BASE_URL, eventually } from './admin-support.mjs';
import { axeViolations, PHONE, withShop } from './support.mjs';

/**
 * Visible text, and the names and descriptions a screen reader speaks (aria-label, alt, title), in
 * the other language's script without a lang saying so: Latin letters on an Arabic page, Arabic
 * letters on an English one.
 */
function unmarkedLanguage(page) {
  return page.evaluate(() => {
    const pageLang = document.documentElement.lang;
    const otherScript = pageLang === 'ar' ? /[A-Za-z]/ : /[\u0621-\u064a]/;
    const langOf = (el) => el.closest('[lang]')?.getAttribute('lang');
    const found = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest('script, style') || !el.getClientRects().length) continue;
      if (otherScript.test(node.textContent) && langOf(el) === pageLang) found.push(`text "${node.textContent.trim().slice(0, 40)}"`);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [alt], [title]')) {
      for (const attr of ['aria-label', 'alt', 'title']) {
        const value = el.getAttribute(attr);
        if (value && otherScript.test(value) && langOf(el) === pageLang) found.push(`${attr} "${value.slice(0, 40)}"`);
      }
    }
    return found;
  });
}

const FLOWS = [
  {
    lang: 'en',
    words: { track: 'Track order', more: 'Increase quantity' },
    customer: { firstName: 'Mona', lastName: 'Adel', phone: '0100 123 4567', addressLine: '12 Nile Corniche', building: '4', apartment: '7', city: 'Aswan' },
  },
  {
    lang: 'ar',
    words: { track: 'تتبع الطلب', more: 'زيادة الكمية' },
    customer: { firstName: 'منى', lastName: 'عادل', phone: '٠١٠٠ ١٢٣ ٤٥٦٧', addressLine: '١٢ كورنيش النيل', building: '٤', apartment: '٧', city: 'أسوان' },
  },
];

describe('storefront accessibility (axe-core, phone)', () => {
  let poster;

  beforeAll(async () => {
    const listed = await (await fetch(`${BASE_URL}/api/public/posters?limit=100`)).json();
    poster = listed.posters.find((p) => p.name === 'Nile at Dusk') ?? listed.posters[0];
    expect(poster).toBeDefined();
  });

  test.each(FLOWS)('$lang: home, shop, poster, cart, checkout, confirmation and tracking have no serious or critical violation', ({ lang, words, customer }) =>
    withShop({ viewport: PHONE, locale: lang, bypassCSP: true }, async ({ page, errors }) => {
      const found = {};
      const check = async (step) => {
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        found[step] = [...(await axeViolations(page)), ...(await unmarkedLanguage(page))];
      };

      await page.goto('/');
      await page.getByTestId('announcement').waitFor();
      await check('home');

      await page.goto('/shop');
      await page.getByTestId('poster-card').first().waitFor();
      await check('shop');

      await page.goto(`/posters/${poster.id}`);
      await page.getByTestId('add-to-cart').waitFor();
      await check('poster');

      // Two posters: the shop's minimum order.
      await page.locator('fieldset label').first().click();
      await page.getByRole('button', { name: words.more }).click();
      await page.getByTestId('add-to-cart').click();
      const drawer = page.getByTestId('cart-drawer');
      await drawer.waitFor();
      await drawer.getByTestId('drawer-checkout').waitFor();
      await check('cart');

      await drawer.getByTestId('drawer-checkout').click();
      await page.waitForURL('**/checkout');
      await page.locator('#checkout-firstName').waitFor();
      await check('checkout');

      for (const [field, value] of Object.entries(customer)) await page.locator(`#checkout-${field}`).fill(value);
      await page.locator('#checkout-governorate').selectOption('ASWAN');
      await page.getByTestId('place-order').click();
      await page.getByTestId('order-number').waitFor();
      await check('confirmation');

      await page.getByTestId('track-link').click();
      await page.waitForURL('**/track?order=*');
      await check('tracking form');
      await eventually(async () => {
        await page.getByRole('button', { name: words.track, exact: true }).click();
        await page.getByTestId('tracked-order').waitFor({ timeout: 2_000 });
      });
      await check('tracked order');

      expect(found).toEqual({ home: [], shop: [], poster: [], cart: [], checkout: [], confirmation: [], 'tracking form': [], 'tracked order': [] });
      expect(errors).toEqual([]);
    }));

  // The bar is narrower than the announcement on a phone. Animated, the text starts wholly outside
  // the bar on the side it enters from and ends wholly outside on the other: moving steadily in
  // between, every word crosses the whole bar. Without motion it wraps, all of it inside the bar.
  test.each(['en', 'ar'])('%s: the announcement is never cut mid-word, moving or still', (lang) =>
    withShop({ viewport: PHONE, locale: lang }, async ({ page, errors }) => {
      await page.goto('/');
      const banner = page.getByTestId('announcement');
      await banner.waitFor();
      const at = (progress) =>
        banner.evaluate((p, progress) => {
          const [animation] = p.getAnimations();
          animation.pause();
          animation.currentTime = progress * animation.effect.getTiming().duration;
          const range = document.createRange();
          range.selectNodeContents(p);
          const text = range.getBoundingClientRect();
          const bar = p.parentElement.getBoundingClientRect();
          return { textLeft: text.left, textRight: text.right, textWidth: text.width, barLeft: bar.left, barRight: bar.right, rtl: getComputedStyle(p).direction === 'rtl' };
        }, progress);
      const start = await at(0);
      const end = await at(0.9999);
      expect(start.textWidth).toBeGreaterThan(start.barRight - start.barLeft);
      if (start.rtl) {
        expect(start.textRight).toBeLessThanOrEqual(start.barLeft + 1);
        expect(end.textLeft).toBeGreaterThanOrEqual(end.barRight - 1);
      } else {
        expect(start.textLeft).toBeGreaterThanOrEqual(start.barRight - 1);
        expect(end.textRight).toBeLessThanOrEqual(end.barLeft + 1);
      }

      await page.emulateMedia({ reducedMotion: 'reduce' });
      const still = await banner.evaluate((p) => {
        const range = document.createRange();
        range.selectNodeContents(p);
        const text = range.getBoundingClientRect();
        const bar = p.parentElement.getBoundingClientRect();
        return { animations: p.getAnimations().length, inside: text.left >= bar.left - 1 && text.right <= bar.right + 1, lines: range.getClientRects().length };
      });
      expect(still).toMatchObject({ animations: 0, inside: true });
      expect(still.lines).toBeGreaterThan(1);
      expect(errors).toEqual([]);
    }));
});
