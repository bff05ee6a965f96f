import { BASE_URL, eventually, posterPng, useSignedInPage } from './admin-support.mjs';

describe('admin posters (browser)', () => {
  let page;
  useSignedInPage((signedIn) => (page = signedIn));

  it('creates a poster with two sizes that then shows in the shop', async () => {
    const name = `E2E Poster ${Date.now().toString(36)}`;
    await page.goto(`${BASE_URL}/admin/posters`);
    await page.getByRole('button', { name: 'Add Poster' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Poster' });

    // The form refuses until every rule of the poster form is met.
    await dialog.getByRole('button', { name: 'Create Poster' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Please fill in all required fields.' }).waitFor();

    await dialog.getByLabel('Name *').fill(name);
    await dialog.getByLabel('Description', { exact: true }).fill('Made by the admin browser spec');
    await dialog.getByLabel(/^Arabic name/).fill(`بوستر ${name}`);
    await dialog.getByLabel('Category *').selectOption('ART');
    await dialog.getByLabel(/^Image/).setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: await posterPng() });
    await dialog.getByRole('checkbox', { name: '30x40cm' }).check();
    await dialog.getByRole('checkbox', { name: '50x70cm' }).check();
    await dialog.getByLabel('Price for 30x40cm').fill('250');
    await dialog.getByLabel('Price for 50x70cm').fill('420.5');
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/admin/posters') && r.request().method() === 'POST'),
      dialog.getByRole('button', { name: 'Create Poster' }).click(),
    ]);
    expect(created.status()).toBe(201);
    const posterId = (await created.json()).id;
    expect((await created.json()).nameAr).toBe(`بوستر ${name}`);
    await page.getByText('Poster created successfully').waitFor();

    const card = page.getByRole('article', { name });
    await card.waitFor();
    expect(await card.getByText('Visible', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText('LE 250.00 - LE 420.50').isVisible()).toBe(true);

    await eventually(
      async () => {
        await page.goto(`${BASE_URL}/shop?q=${encodeURIComponent(name)}`);
        // A card linking to the new poster, not merely the search term echoed in the heading.
        await page.locator(`a[href="/posters/${posterId}"]`).filter({ hasText: name }).first().waitFor({ timeout: 3000 });
      },
      { timeout: 20_000 },
    );
  });
});
