// Forms and moves that cannot do harm by accident, in Chromium against the real stack: a new
// discount opens with no amount, so the untouched form creates nothing; a discount on every
// category says what it will do and asks once; deleting a discount or a promo code asks; the
// Orders list's status menu ships through the order page's dialog (courier and tracking number).
import { expect } from '@jest/globals';
import { adminCall, apiToken, BASE_URL, e2eCourier, eventually, findOrderInList, firstPoster, placeOrderAsShopper, useSignedInPage } from './admin-support.mjs';

describe('forms and moves that ask before they do harm', () => {
  let page;
  useSignedInPage((p) => (page = p));

  it('the untouched Add Discount form creates nothing; a shop-wide one names its effect and going back creates nothing', async () => {
    const token = await apiToken();
    const before = (await adminCall(token, 'GET', '/admin/discounts')).body.length;
    await page.goto(`${BASE_URL}/admin/discounts`);
    const form = page.getByRole('form', { name: 'Create discount' });
    const percent = form.getByLabel('Percent off');
    expect(await percent.inputValue()).toBe('');
    await form.getByRole('button', { name: 'Add Discount' }).click();
    await form.getByRole('alert').filter({ hasText: 'Enter the percent off' }).waitFor();

    await percent.fill('10');
    await form.getByRole('button', { name: 'Add Discount' }).click();
    const dialog = page.getByRole('dialog', { name: 'Discount the whole shop?' });
    await dialog.getByText('10% off every poster in the shop, starting now, with no end date.').waitFor();
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await adminCall(token, 'GET', '/admin/discounts')).body.length).toBe(before);
  });

  it('deleting a discount or a promo code asks first; Cancel keeps it', async () => {
    const token = await apiToken();
    // Inactive: no shopper's price in the other specs changes.
    const { body: discount } = await adminCall(token, 'POST', '/admin/discounts', { category: 'OTHER', percentage: 3, active: false });
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(discount.id), exact: true }) });
    await eventually(async () => {
      await page.goto(`${BASE_URL}/admin/discounts`);
      await row.waitFor({ timeout: 3000 });
    });
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete discount' });
    await dialog.getByText(`Delete discount #${discount.id} (3% off Other posters)?`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await adminCall(token, 'GET', '/admin/discounts')).body.some((d) => d.id === discount.id)).toBe(true);
    await row.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Discount #${discount.id} deleted`).waitFor();

    const code = `KEEP${Date.now().toString(36).toUpperCase()}`;
    await adminCall(token, 'POST', '/admin/promocodes', { code, percentOff: 5 });
    const promoRow = page.getByRole('row').filter({ hasText: code });
    await eventually(async () => {
      await page.goto(`${BASE_URL}/admin/promo-codes`);
      await promoRow.waitFor({ timeout: 3000 });
    });
    await promoRow.getByRole('button', { name: /Delete/ }).click();
    const asked = page.getByRole('dialog', { name: 'Delete promo code' });
    await asked.getByText(`"${code}"`).waitFor();
    await asked.getByRole('button', { name: 'Cancel' }).click();
    expect((await adminCall(token, 'GET', '/admin/promocodes?size=200')).body.data.some((p) => p.code === code)).toBe(true);
  });

  it('the owner picks Shipped in the Orders list: the dialog asks for the courier and tracking number, and the order records both', async () => {
    const token = await apiToken();
    const courier = await e2eCourier(token);
    const placed = await placeOrderAsShopper({ ...(await firstPoster()), firstName: 'Menu' });
    await findOrderInList(page, placed.orderNumber);
    await page.getByLabel(`Status of ${placed.orderNumber}`).selectOption('SHIPPED');
    const dialog = page.getByRole('dialog', { name: `Ship ${placed.orderNumber}` });
    await dialog.getByLabel('Courier').selectOption({ label: courier.name });
    const ship = dialog.getByRole('button', { name: 'Mark shipped' });
    expect(await ship.isDisabled()).toBe(true);
    await dialog.getByLabel('Tracking number').fill('MENU-77');
    await ship.click();
    await page.getByText(`Order ${placed.orderNumber} marked as shipped`).waitFor();
    const order = await eventually(async () => {
      const { body } = await adminCall(token, 'GET', `/admin/orders/${placed.orderId}`);
      if (body.status !== 'SHIPPED') throw new Error(`still ${body.status}`);
      return body;
    });
    expect(order.courierTracking).toMatchObject({ courier: courier.name, trackingNumber: 'MENU-77' });
  });
});
