// A shopper tracks an order by number + phone, in English and in Arabic; a wrong pair gets one message.
import { expect } from '@jest/globals';
import { apiToken, eventually, listedPosters, placeOrderAsShopper, shipByApi } from './admin-support.mjs';
import { DESKTOP, PHONE, withShop } from './support.mjs';

describe('storefront order tracking', () => {
  let order;
  const phone = '01098765432';

  beforeAll(async () => {
    const [poster] = await listedPosters('limit=1');
    order = await placeOrderAsShopper({ posterId: poster.id, size: poster.variants[0].size, quantity: 2, firstName: 'Salma', lastName: 'Fathy', phone });
    const token = await apiToken();
    // Shipped by the admin; the page must show it once the read model has it.
    await eventually(() => shipByApi(token, order.orderId));
  });

  test('in English, from a link carrying the order number: the timeline, and one message for a wrong phone', () =>
    withShop({ viewport: DESKTOP }, async (shop) => {
      const { page } = shop;
      await page.goto(`/track?order=${order.orderNumber}`);
      await page.getByRole('heading', { name: 'Track your order' }).waitFor();
      expect(await page.getByLabel('Order number').inputValue()).toBe(order.orderNumber);

      await page.getByLabel('Phone number').fill('01000000000');
      await page.getByRole('button', { name: 'Track order' }).click();
      await page.getByRole('alert').getByText('We could not find an order with this order number and phone number.').waitFor();

      await eventually(async () => {
        await page.getByLabel('Phone number').fill(phone);
        await page.getByRole('button', { name: 'Track order' }).click();
        await page.getByTestId('tracked-order').locator('[data-status="SHIPPED"][data-done="true"]').waitFor({ timeout: 2_000 });
      });
      const card = page.getByTestId('tracked-order');
      expect(await card.getByRole('heading').textContent()).toBe('Hello Salma');
      expect(await card.textContent()).not.toContain('Fathy');
      expect(await card.locator('li[data-done="true"]').evaluateAll((li) => li.map((e) => e.dataset.status))).toEqual(['PLACED', 'SHIPPED']);
      expect(await card.locator('li[data-done="false"]').evaluateAll((li) => li.map((e) => e.dataset.status))).toEqual(['DELIVERED']);
      await card.getByText('Shipped').waitFor();
    }));

  test('in Arabic on a phone, typed in Arabic-Indic digits', () =>
    withShop({ viewport: PHONE, locale: 'ar' }, async (shop) => {
      const { page } = shop;
      await page.goto('/track');
      await page.getByRole('heading', { name: 'تتبع طلبك' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await page.getByLabel('رقم الطلب').fill(order.orderNumber.toLowerCase());
      await page.getByLabel('رقم الموبايل').fill('٠١٠٩٨٧٦٥٤٣٢');
      await page.getByRole('button', { name: 'تتبع الطلب' }).click();
      const card = page.getByTestId('tracked-order');
      await card.getByText('تم الشحن').waitFor();
      expect(await card.getByRole('heading').textContent()).toBe('أهلاً Salma');
    }));
});
