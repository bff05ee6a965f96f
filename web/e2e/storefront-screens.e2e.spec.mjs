// 404, the 360 px layout (menu, no sideways scroll, screenshots), Arabic RTL, the social popup.
import { expect } from '@jest/globals';
import { horizontalOverflow, PHONE, screenshot, withShop } from './support.mjs';

describe('storefront screens', () => {
  test('an unknown path shows the 404 page with a way home', () =>
    withShop({}, async (shop) => {
      const { page } = shop;
      await page.goto('/no-such-page');
      await page.getByRole('heading', { name: /Page not found/ }).waitFor();
      expect(await page.getByText('404').first().isVisible()).toBe(true);
      await page.getByRole('link', { name: 'Go back home' }).click();
      await page.waitForFunction(() => window.location.pathname === '/');
    }));

  test('at 360 px: no sideways scroll on the main screens, and the side menu with categories works', () =>
    withShop({ viewport: PHONE }, async (shop) => {
      const { page } = shop;
      await page.goto('/');
      await page.getByTestId('poster-card').first().waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'home-360');

      await page.getByTestId('menu-button').click();
      const menu = page.getByTestId('side-menu');
      await menu.waitFor();
      for (const link of ['Home', 'Shop', 'Make your own', 'About Us', 'Contact Us']) {
        expect(await menu.getByRole('link', { name: link, exact: true }).isVisible()).toBe(true);
      }
      await menu.getByRole('button', { name: 'Categories' }).click();
      const firstCategory = menu.locator('#menu-categories a').first();
      await firstCategory.waitFor();
      await firstCategory.click();
      await page.waitForFunction(() => window.location.pathname === '/shop' && window.location.search.includes('category='));
      expect(await page.getByTestId('side-menu').count()).toBe(0);
      await page.getByTestId('result-range').waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'shop-360');

      await page.getByTestId('poster-card').first().click();
      await page.getByTestId('add-to-cart').waitFor();
      await page.getByTestId('poster-price').waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.locator('fieldset label').first().click();
      await screenshot(page, 'poster-360');
      await page.getByTestId('add-to-cart').click();
      await page.getByTestId('cart-drawer').waitFor();
      await page.getByTestId('drawer-checkout').click();
      await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
      // One poster, outside the exempt governorates: the warning, and Place Order disabled.
      await page.getByLabel('Governorate').selectOption('ASWAN');
      await page.getByTestId('min-posters-warning').waitFor();
      expect(await page.getByTestId('place-order').isDisabled()).toBe(true);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'checkout-360');
      expect(shop.errors).toEqual([]);
    }));

  test('Arabic: switch, RTL layout kept after reload, prices isolated in the Arabic format, Arabic governorates', () =>
    withShop({}, async (shop) => {
      const { page } = shop;
      await page.goto('/shop');
      await page.getByTestId('result-range').waitFor();
      await page.getByTestId('language-toggle').click();
      await page.waitForFunction(() => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'ar');
      await page.getByRole('heading', { name: 'المتجر' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'المتجر' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      // Prices are isolated from the text around them, in Egypt's Arabic format (ج.م after the number).
      const price = page.getByTestId('poster-card').first().locator('[data-money]').first();
      expect(await price.getAttribute('dir')).toBe('rtl');
      expect(await price.textContent()).toContain('ج.م');
      await screenshot(page, 'shop-arabic');

      await page.getByTestId('poster-card').first().click();
      await page.getByTestId('add-to-cart').waitFor();
      await page.locator('fieldset label').first().click();
      await page.getByTestId('add-to-cart').click();
      await page.getByTestId('drawer-checkout').click();
      await page.getByRole('heading', { name: 'إتمام الطلب', level: 1 }).waitFor();
      // The governorates come with the shop's config, which may still be on its way.
      await page.locator('#checkout-governorate option').nth(1).waitFor({ state: 'attached' });
      const options = await page.locator('#checkout-governorate option').allTextContents();
      expect(options).toContain('القاهرة');
      expect(options).toContain('الجيزة');
      expect(options.length).toBe(28);
      // Arabic-Indic digits are accepted in the phone field.
      await page.locator('#checkout-phone').fill('٠١٠٠١٢٣٤٥٦٧');
      await page.getByTestId('place-order').click();
      await page.getByText('الاسم الأول مطلوب').waitFor();
      expect(await page.getByTestId('error-phone').count()).toBe(0);
    }));

  test('the social popup appears once after 2 s and offers its code as a thank-you, checking nothing', () =>
    withShop({ popup: true }, async (shop) => {
      const { page, context } = shop;
      await page.goto('/');
      const popup = page.getByTestId('social-popup');
      await popup.waitFor({ timeout: 6000 });
      // The code is there with the invitation: no follow check is pretended before or after.
      expect(await popup.getByTestId('popup-code').textContent()).toBe('FOLLOW10');
      await popup.getByText('A thank-you code for following us:').waitFor();
      await popup.getByText('10% off one order, once per customer (by phone number).').waitFor();
      const opened = context.waitForEvent('page');
      await popup.getByRole('link', { name: /Follow/ }).click();
      await (await opened).close();
      expect(await popup.innerText()).not.toMatch(/Verifying|first order/);
      await popup.getByRole('button', { name: 'Copy' }).click();
      await popup.getByRole('button', { name: 'Copied!' }).waitFor();
      await popup.getByRole('button', { name: 'Close' }).click();
      await page.reload();
      await page.waitForTimeout(2600);
      expect(await page.getByTestId('social-popup').count()).toBe(0);
    }));
});
