// Responsive images against the real stack: the seeded demo posters are drawn 1200 x 1600 with
// WebP renditions; the storefront asks for the smallest one that is sharp on the screen, and
// the zoom view shows the largest.
import { expect } from '@jest/globals';
import { BASE_URL, withShop } from './support.mjs';

const PHONE_390 = { width: 390, height: 844 };

async function imageSize(url) {
  const { default: sharp } = await import('sharp');
  const res = await fetch(new URL(url, BASE_URL()));
  expect(res.status).toBe(200);
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
}

/** What the browser actually loaded for an <img>, once it has. */
async function loaded(img) {
  await img.evaluate((el) => (el.complete && el.naturalWidth > 0 ? null : new Promise((r) => el.addEventListener('load', r, { once: true }))));
  return img.evaluate((el) => ({ currentSrc: new URL(el.currentSrc).pathname, naturalWidth: el.naturalWidth, naturalHeight: el.naturalHeight, srcset: el.getAttribute('srcset') }));
}

/** The first card of a seeded demo poster: other specs sharing the stack add posters of their own, listed first. */
function demoCard(page) {
  return page.getByTestId('poster-card').filter({ has: page.locator('img[src^="/uploads/demo/"]') }).first();
}

describe('storefront images', () => {
  test('a phone loads a WebP rendition sized for its screen, not the original; the zoom view loads the large one', () =>
    withShop({ viewport: PHONE_390 }, async (shop) => {
      const { page } = shop;
      await page.goto('/shop');
      const card = demoCard(page).locator('img');
      await card.waitFor();
      const thumb = await loaded(card);
      // Half of a 390 px screen at the device's density: the 320 px rendition, never the original.
      expect(thumb.srcset).toMatch(/-w320\.webp 320w/);
      expect(thumb.currentSrc).toMatch(/^\/uploads\/demo\/thumbs\/[\w-]+-w320\.webp$/);
      // (naturalWidth is density-corrected by the srcset: the file itself is measured.)
      expect(await imageSize(thumb.currentSrc)).toEqual({ format: 'webp', width: 320, height: 427 });

      await demoCard(page).click();
      await page.getByTestId('add-to-cart').waitFor();
      const main = await loaded(page.getByRole('button', { name: /zoom/i }).locator('img'));
      // The poster page's image spans the screen less its 16 px margins (358 px): the 480 px rendition.
      expect(main.currentSrc).toMatch(/-w480\.webp$/);
      expect((await imageSize(main.currentSrc)).width).toBe(480);

      // The original behind it is big enough for print-quality zoom.
      const original = (await page.getByRole('button', { name: /zoom/i }).locator('img').getAttribute('src'));
      expect(await imageSize(original)).toEqual({ format: 'webp', width: 1200, height: 1600 });

      await page.getByRole('button', { name: /zoom/i }).click();
      const zoomed = await loaded(page.getByTestId('zoom-image'));
      expect(zoomed.currentSrc).toMatch(/-w1200\.webp$/);
      expect(zoomed.naturalHeight).toBeGreaterThanOrEqual(1600);
      expect(shop.errors).toEqual([]);
    }));

  test('an image without renditions (stored before they existed) still shows: the storefront falls back to the original', () =>
    withShop({ viewport: PHONE_390 }, async (shop) => {
      const { page } = shop;
      // Every rendition answers 404, as for an upload made before renditions existed.
      await page.route(/\/thumbs\/.*-w\d+\.webp$/, (route) => route.fulfill({ status: 404, body: '' }));
      await page.goto('/shop');
      const img = demoCard(page).locator('img');
      await page.waitForFunction((el) => el.complete && el.naturalWidth > 0 && !el.hasAttribute('srcset'), await img.elementHandle());
      const shown = await loaded(img);
      expect(shown.currentSrc).toMatch(/^\/uploads\/demo\/[\w-]+\.webp$/);
      expect(shown.naturalWidth).toBeGreaterThan(0);
      expect((await imageSize(shown.currentSrc)).width).toBe(1200);
    }));
});
