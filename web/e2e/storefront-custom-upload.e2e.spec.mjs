// Make-your-own: a generated image under 500 KB is refused with the shop message; a
// decompression bomb (1,000,000 x 100 px in ~1.3 MB) is refused by the server and the shopper reads
// its message; a generated image over 500 KB is uploaded with a size and quantity and lands in the
// cart. Every image is made here from fixed bytes, so each run uploads exactly the same files.
import { expect } from '@jest/globals';
import { pngBomb } from '../../libs/platform/testing/test-bytes.mjs';
import { noisePng, smallPng, useShop } from './support.mjs';

const BOMB_MESSAGE = 'The image is too large: each side must be at most 20000 pixels.';

describe('custom poster upload', () => {
  let shop;
  useShop({}, (opened) => (shop = opened));

  async function chooseSize(page, size) {
    await page.getByTestId('custom-size').selectOption(size);
    await page.waitForFunction(() => /LE \d/.test(document.querySelector('[data-testid="custom-price"]')?.textContent ?? ''));
  }

  test('shows the server message for a decompression bomb and adds nothing to the cart', async () => {
    const { page } = shop;
    await page.goto('/custom');
    await page.getByRole('heading', { name: 'Make Your Own Poster' }).waitFor();

    const bomb = pngBomb(1_000_000, 100);
    // Past the 500 KB minimum, so the browser's own checks let it through and only the server can refuse it.
    expect(bomb.length).toBeGreaterThanOrEqual(500 * 1024);
    await page.getByTestId('custom-file').setInputFiles({ name: 'panorama.png', mimeType: 'image/png', buffer: bomb });
    expect(await page.getByTestId('custom-error').count()).toBe(0);
    await chooseSize(page, 'SIZE_30x40');

    const answer = page.waitForResponse((res) => res.url().endsWith('/api/user/upload') && res.request().method() === 'POST');
    const started = Date.now();
    await page.getByTestId('custom-submit').click();
    const res = await answer;
    expect(res.status()).toBe(400);
    expect(Date.now() - started).toBeLessThan(5_000);
    await page.getByTestId('custom-error').getByText(BOMB_MESSAGE).waitFor();
    expect(await page.getByTestId('cart-badge').count()).toBe(0);
  });

  test('refuses a small image, then uploads a 500 KB+ one into the cart', async () => {
    const { page } = shop;
    await page.goto('/custom');
    await page.getByRole('heading', { name: 'Make Your Own Poster' }).waitFor();

    await page.getByTestId('custom-file').setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: await smallPng() });
    await page.getByText('Image size must be at least 500KB. Need help? Contact us on').waitFor();

    const big = await noisePng(460, 460, 42);
    expect(big.length).toBeGreaterThanOrEqual(500 * 1024);
    await page.getByTestId('custom-file').setInputFiles({ name: 'my-photo.png', mimeType: 'image/png', buffer: big });
    expect(await page.getByTestId('custom-error').count()).toBe(0);

    await chooseSize(page, 'SIZE_30x40');
    const unit = await page.getByTestId('custom-price').textContent();
    await page.getByLabel('Quantity').fill('2');
    await page.waitForFunction((u) => document.querySelector('[data-testid="custom-price"]')?.textContent !== u, unit);

    await page.getByTestId('custom-submit').click();
    await page.getByText('Your custom poster has been added to cart!').waitFor({ timeout: 30_000 });
    const drawer = page.getByTestId('cart-drawer');
    await drawer.waitFor();
    await drawer.getByText('30x40cm').waitFor();
    expect(await drawer.getByTestId('line-quantity').first().textContent()).toBe('2');
    expect(await page.getByTestId('cart-badge').textContent()).toBe('2');
    // The form is cleared after success.
    expect(await page.getByTestId('custom-size').inputValue()).toBe('');
  });
});
