// The Arabic storefront on a phone: searches spelt the ways an Arabic reader spells one word find
// the poster, the catalogue shows the Arabic wording the admin wrote (and marks English it falls
// back to), and a server refusal reads in Arabic. The spec's poster is its own and deleted afterwards.
import { expect } from '@jest/globals';
import { adminCall, apiToken, BASE_URL, eventually } from './admin-support.mjs';
import { PHONE, screenshot, withShop } from './support.mjs';

const NAME = 'خريطة الإسكندرية القديمة';

describe('the Arabic storefront', () => {
  let token;
  let posterId;
  let nile;

  beforeAll(async () => {
    token = await apiToken();
    const listed = await (await fetch(`${BASE_URL}/api/public/posters?limit=100`)).json();
    nile = listed.posters.find((p) => p.name === 'Nile at Dusk');
    expect(nile).toMatchObject({ nameAr: 'النيل عند الغروب' });
    const { body } = await adminCall(token, 'POST', '/admin/posters', {
      name: NAME, description: 'طبعة عام 1950', category: 'OTHER', imageUrl: nile.imageUrl, variants: [{ size: 'SIZE_30x40', price: 250 }],
    });
    posterId = body.id;
  });
  afterAll(async () => {
    if (posterId) await adminCall(token, 'DELETE', `/admin/posters/${posterId}`);
  });

  test.each([
    ['خريطة', 'the spelling of the name'],
    ['خريطه', 'ta marbuta typed as ha'],
    ['الاسكندرية', 'alef without hamza'],
    ['١٩٥٠', 'the year in Arabic-Indic digits'],
  ])('searching %s (%s) finds the poster', (query) =>
    withShop({ viewport: PHONE, locale: 'ar' }, async ({ page, errors }) => {
      await eventually(async () => {
        await page.goto(`/shop?q=${encodeURIComponent(query)}`);
        const cards = page.getByTestId('poster-card');
        await cards.first().waitFor({ timeout: 2_000 });
        // The demo's old map of the Delta is a خريطة too.
        expect(await cards.locator('h3').allTextContents()).toContain(NAME);
      });
      expect(await page.evaluate(() => location.pathname)).toBe('/ar/shop');
      expect(errors).toEqual([]);
    }));

  test('a poster shows its Arabic name and description, in its page and in the grid', () =>
    withShop({ viewport: PHONE, locale: 'ar' }, async ({ page, errors }) => {
      await page.goto(`/posters/${nile.id}`);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.getByText('النيل عند الغروب').waitFor();
      expect(await heading.locator('bdi').getAttribute('lang')).toBeNull();
      expect(await page.getByTestId('poster-description').textContent()).toBe(nile.descriptionAr);
      await page.goto('/shop?q=Dusk');
      const card = page.getByTestId('poster-card').first();
      await card.waitFor();
      expect(await card.locator('h3').textContent()).toBe('النيل عند الغروب');
      await screenshot(page, 'arabic-poster-page');
      expect(errors).toEqual([]);
    }));

  test('an unknown promo code is refused in Arabic', () =>
    withShop({ viewport: PHONE, locale: 'ar' }, async ({ page, errors }) => {
      await page.goto(`/posters/${nile.id}`);
      await page.locator('fieldset label').first().click();
      await page.getByTestId('add-to-cart').click();
      const drawer = page.getByTestId('cart-drawer');
      await drawer.waitFor();
      await drawer.getByTestId('drawer-checkout').click();
      await page.waitForURL('**/checkout');
      await page.getByLabel('كود الخصم', { exact: true }).fill('NO-SUCH-CODE');
      await page.getByRole('button', { name: 'تطبيق', exact: true }).click();
      await page.getByText('كود الخصم غير صحيح').first().waitFor();
      expect(await page.getByText('Invalid promo code').count()).toBe(0);
      expect(errors).toEqual([]);
    }));
});
