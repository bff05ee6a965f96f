// Make-your-own: a generated image under 500 KB is refused with the spec's message; a
// decompression bomb (1,000,000 x 100 px in ~1.3 MB) is refused by the server and the shopper reads
// its message; a generated image over 500 KB is uploaded with a size and quantity and lands in the
// cart. Every image is made here from fixed bytes, so each run uploads exactly the same files.
import { deflateSync } from 'node:zlib';
import { expect } from '@jest/globals';
import { noisePng, openShop, smallPng } from './support.mjs';

const BOMB_MESSAGE = 'The image is too large: each side must be at most 20000 pixels.';

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG declaring width x height black pixels, built by hand so nothing here decodes them. */
function pngBomb(width, height) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const idat = deflateSync(Buffer.alloc((1 + width * 3) * height), { level: 1 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

describe('custom poster upload', () => {
  let shop;
  beforeAll(async () => {
    shop = await openShop();
  });
  afterAll(async () => {
    await shop?.close();
  });

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
