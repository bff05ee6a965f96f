import { readFileSync } from 'node:fs';
import { ADMIN_USERNAME, BASE_URL, posterPng, useSignedInPage } from './admin-support.mjs';

describe('admin ops and analyst pages (browser)', () => {
  let page;
  useSignedInPage((signedIn) => (page = signedIn));

  it('event browser: filters by stream, shows the JSON and downloads NDJSON', async () => {
    await page.goto(`${BASE_URL}/admin/events`);
    await page.getByLabel('Stream').fill(`admin-${ADMIN_USERNAME}`);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: 'AdminUserRegistered' });
    await row.first().waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'OrderPlaced' }).count()).toBe(0);

    await row.first().getByRole('button', { name: 'View JSON' }).click();
    const dialog = page.getByRole('dialog');
    const json = JSON.parse(await dialog.locator('pre').innerText());
    expect(json).toMatchObject({ type: 'AdminUserRegistered', stream: `admin-${ADMIN_USERNAME}` });
    await dialog.getByRole('button', { name: 'Close' }).click();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download NDJSON' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.ndjson$/);
    const lines = readFileSync(await download.path(), 'utf8').trim().split('\n');
    const events = lines.map((line) => JSON.parse(line));
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.stream === `admin-${ADMIN_USERNAME}`)).toBe(true);
  });

  it('projections: a rebuild shows its progress until done', async () => {
    await page.goto(`${BASE_URL}/admin/projections`);
    const row = page.getByTestId('projection-row').filter({ hasText: 'announcement' }).first();
    await row.waitFor();
    expect(await row.innerText()).toMatch(/\d+\/\d+/); // checkpoint commit/prepare
    await row.getByRole('button', { name: 'Rebuild announcement' }).click();
    const bar = row.getByRole('progressbar', { name: 'Rebuild of announcement' });
    await bar.waitFor({ timeout: 10_000 });
    await page.waitForFunction(
      () => document.querySelector('[aria-label="Rebuild of announcement"]')?.getAttribute('aria-valuenow') === '100',
      undefined,
      { timeout: 30_000 },
    );
    await row.getByText(/last request done/).waitFor();
  });

  it('jobs: an export job runs to 100% and downloads its file', async () => {
    await page.goto(`${BASE_URL}/admin/jobs`);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: 'Export Subscribers CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    expect(csv.split(/\r?\n/)[0]).toBe('Email,Subscribed On');
    expect(await page.getByRole('progressbar', { name: 'Subscribers CSV progress' }).first().getAttribute('aria-valuenow')).toBe('100');
  });

  it('gallery: a dropped image shows its name and size, uploads, and can be deleted after confirming', async () => {
    await page.goto(`${BASE_URL}/admin/gallery`);
    const heading = page.getByRole('heading', { name: /^Gallery Images \(\d+\)$/ });
    await heading.waitFor();
    const count = async () => Number((await heading.innerText()).match(/\((\d+)\)/)[1]);
    const before = await count();
    expect(await page.getByRole('button', { name: 'Upload Image' }).isDisabled()).toBe(true);

    const png = await posterPng();
    await page.evaluate((b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
      const zone = document.querySelector('[aria-label="Upload area: click or drop an image"]');
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, png.toString('base64'));
    await page.getByText('dropped.png').waitFor();
    await page.getByText(`${(png.length / 1024).toFixed(1)} KB`).waitFor();

    await page.getByRole('button', { name: 'Upload Image' }).click();
    await page.getByText('Image uploaded successfully').waitFor();
    await page.waitForFunction((n) => document.querySelector('#gallery-images')?.textContent === `Gallery Images (${n})`, before + 1);

    await page.getByRole('button', { name: 'Delete image' }).last().click();
    await page.getByRole('dialog', { name: 'Delete image' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForFunction((n) => document.querySelector('#gallery-images')?.textContent === `Gallery Images (${n})`, before);
  });
});
