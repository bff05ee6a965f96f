// Make-your-own: a generated image under 500 KB is refused with the spec's message; a generated
// image over 500 KB is uploaded with a size and quantity and lands in the cart.
import { expect } from '@jest/globals';
import { openShop, noisePng, smallPng } from './support.mjs';

describe('custom poster upload', () => {
  let shop;
  beforeAll(async () => {
    shop = await openShop();
  });
  afterAll(async () => {
    await shop?.close();
  });

  test('refuses a small image, then uploads a 500 KB+ one into the cart', async () => {
    const { page } = shop;
    await page.goto('/custom');
    await page.getByRole('heading', { name: 'Make Your Own Poster' }).waitFor();

    await page.getByTestId('custom-file').setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: await smallPng() });
    await page.getByText('Image size must be at least 500KB. Need help? Contact us on').waitFor();

    const big = await noisePng(600 * 1024);
    expect(big.length).toBeGreaterThanOrEqual(500 * 1024);
    await page.getByTestId('custom-file').setInputFiles({ name: 'my-photo.png', mimeType: 'image/png', buffer: big });
    expect(await page.getByTestId('custom-error').count()).toBe(0);

    await page.getByTestId('custom-size').selectOption('SIZE_30x40');
    await page.waitForFunction(() => /LE \d/.test(document.querySelector('[data-testid="custom-price"]')?.textContent ?? ''));
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
