// Make-your-own: a photo is judged by what will print at the size chosen, read from its pixels:
// too few is refused before uploading, a soft print is warned about and still accepted (a
// 1500x2000 PNG of a few KB at 40x50 cm); a decompression bomb (1,000,000 x 100 px in ~1.3 MB) is
// refused from its header before uploading, and a file the browser cannot read gets the server's message. The file button is the page's own, in
// its language. Every image is made here from fixed bytes, so each run uploads the same files.
import { expect } from '@jest/globals';
import { pngBomb } from '../../libs/platform/testing/test-bytes.mjs';
import sharp from 'sharp';
import { smallPng, useShop } from './support.mjs';

const NOT_AN_IMAGE = 'Only JPEG, PNG or WebP images are accepted.';

describe('custom poster upload', () => {
  let shop;
  useShop({}, (opened) => (shop = opened));

  async function chooseSize(page, size) {
    await page.getByTestId('custom-size').selectOption(size);
    await page.waitForFunction(() => /LE \d/.test(document.querySelector('[data-testid="custom-price"]')?.textContent ?? ''));
  }

  test('a decompression bomb is refused from its header before any upload, and a file the browser cannot read gets the server message', async () => {
    const { page } = shop;
    await page.goto('/custom');
    await page.getByRole('heading', { name: 'Make Your Own Poster' }).waitFor();
    let uploads = 0;
    page.on('request', (req) => req.url().endsWith('/api/user/upload') && uploads++);

    // 1,000,000 x 100 pixels: the header says it, and 100 pixels are far too few for any poster.
    await page.getByTestId('custom-file').setInputFiles({ name: 'panorama.png', mimeType: 'image/png', buffer: pngBomb(1_000_000, 100) });
    await chooseSize(page, 'SIZE_30x40');
    await page.getByTestId('custom-error').getByText(/too small to print at 30x40cm/).waitFor();
    await page.getByTestId('custom-submit').click();
    expect(uploads).toBe(0);

    // Text in an image's clothes: the browser cannot read it, so only the server can refuse it.
    await page.getByTestId('custom-file').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('definitely a photo '.repeat(1000)) });
    await page.getByTestId('custom-error').waitFor({ state: 'detached' });
    const answer = page.waitForResponse((res) => res.url().endsWith('/api/user/upload') && res.request().method() === 'POST');
    const started = Date.now();
    await page.getByTestId('custom-submit').click();
    const res = await answer;
    expect(res.status()).toBe(400);
    expect(Date.now() - started).toBeLessThan(5_000);
    await page.getByTestId('custom-error').getByText(NOT_AN_IMAGE).waitFor();
    expect(await page.getByTestId('cart-badge').count()).toBe(0);
  });

  test('refuses a photo too small for the size before uploading, warns about a soft print and uploads it into the cart', async () => {
    const { page } = shop;
    await page.goto('/custom');
    await page.getByRole('heading', { name: 'Make Your Own Poster' }).waitFor();
    // The page's own button, not the browser's "Choose File".
    const button = page.getByTestId('custom-file-button');
    expect(await button.innerText()).toBe('Choose a photo');
    // The native input (and its "Choose File") is there for the keyboard and screen readers only.
    expect((await page.getByTestId('custom-file').boundingBox()).width).toBeLessThanOrEqual(1);
    const chooser = page.waitForEvent('filechooser');
    await button.click();
    await (await chooser).setFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: await smallPng() });
    expect(await page.getByTestId('custom-file-name').innerText()).toBe('tiny.png');

    let uploads = 0;
    page.on('request', (req) => req.url().endsWith('/api/user/upload') && uploads++);
    await chooseSize(page, 'SIZE_40x50');
    const refusal = page.getByTestId('custom-error');
    await refusal.waitFor();
    expect(await refusal.innerText()).toBe('This photo (40×40 pixels) is too small to print at 40x50cm: it would give 2 pixels per inch, and at least 72 are needed (1134×1417 pixels). Choose a smaller size or a larger photo.');
    await page.getByTestId('custom-submit').click();
    expect(uploads).toBe(0);

    // 1500x2000 pixels in a few KB: the file's size says nothing about its print.
    const photo = await sharp({ create: { width: 1500, height: 2000, channels: 3, background: '#2f6f8f' } }).png().toBuffer();
    expect(photo.length).toBeLessThan(500 * 1024);
    await page.getByTestId('custom-file').setInputFiles({ name: 'my-photo.png', mimeType: 'image/png', buffer: photo });
    const warning = page.getByTestId('custom-print');
    await warning.waitFor();
    expect(await warning.getAttribute('data-verdict')).toBe('soft');
    expect(await warning.innerText()).toContain('At 40x50cm this photo gives 95 pixels per inch');
    expect(await warning.innerText()).toContain('a sharp 40x50cm print needs 2362×2953 pixels');
    expect(await page.getByTestId('custom-error').count()).toBe(0);

    const unit = await page.getByTestId('custom-price').textContent();
    await page.getByLabel('Quantity').fill('2');
    await page.waitForFunction((u) => document.querySelector('[data-testid="custom-price"]')?.textContent !== u, unit);

    const answer = page.waitForResponse((res) => res.url().endsWith('/api/user/upload') && res.request().method() === 'POST');
    await page.getByTestId('custom-submit').click();
    expect((await (await answer).json()).print).toMatchObject({ verdict: 'soft', ppi: 95 });
    await page.getByText('Your custom poster has been added to cart!').waitFor({ timeout: 30_000 });
    const drawer = page.getByTestId('cart-drawer');
    await drawer.waitFor();
    await drawer.getByText('40x50cm').waitFor();
    expect(await drawer.getByTestId('line-quantity').first().textContent()).toBe('2');
    expect(await page.getByTestId('cart-badge').textContent()).toBe('2');
    // The form is cleared after success.
    expect(await page.getByTestId('custom-size').inputValue()).toBe('');
  });
});
