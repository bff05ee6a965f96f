// The fake cash-on-delivery order defence in Chromium: the owner blocks a phone on the Order
// Screening page and a shopper with that phone is refused at checkout with a neutral message;
// the same phone ordering the same lines twice shows "Likely duplicate" in the call queue and on
// the order's page. Phones of this spec only, so no other spec's orders are flagged or refused.
import { expect } from '@jest/globals';
import { BASE_URL, eventually, firstPoster, placeOrderAsShopper, useSignedInPage } from './admin-support.mjs';
import { DESKTOP, fillCheckoutForm, screenshot, withShop } from './support.mjs';

const BLOCKED_PHONE = '01155500101';
const REPEAT_PHONE = '01155500202';

describe('order screening (browser)', () => {
  let page;
  useSignedInPage((p) => (page = p));

  test('the owner blocks a phone; a shopper with it cannot check out and is told neutrally; the owner lifts it', async () => {
    await page.goto(`${BASE_URL}/admin/order-screening`);
    await page.getByRole('heading', { name: 'Order Screening' }).waitFor();
    const settings = page.getByRole('form', { name: 'Screening settings' });
    await settings.getByLabel('Duplicate window (minutes)').fill('90');
    await settings.getByRole('button', { name: 'Save thresholds' }).click();
    await page.getByText('Screening settings saved').waitFor();

    const form = page.getByRole('form', { name: 'Block a phone' });
    await form.getByLabel('Phone').fill('0115 550 0101');
    await form.getByLabel('Reason').selectOption({ label: 'Fake orders' });
    await form.getByRole('button', { name: 'Block phone' }).click();
    await page.getByText(`${BLOCKED_PHONE} can no longer check out`).waitFor();
    const row = page.getByTestId('blocked-phone').filter({ hasText: BLOCKED_PHONE });
    await eventually(async () => {
      await page.goto(`${BASE_URL}/admin/order-screening`);
      await row.waitFor({ timeout: 3000 });
    });
    // Names, not codes: the reason and who blocked it, in which role.
    expect(await row.textContent()).toContain('Fake orders');
    expect(await row.textContent()).toMatch(/\(owner\)/);
    expect(await row.textContent()).not.toContain('FAKE_ORDERS');
    await screenshot(page, 'admin-order-screening');

    const { posterId } = await firstPoster();
    await withShop({ viewport: DESKTOP }, async ({ page: shop, errors }) => {
      await shop.goto(`/posters/${posterId}`);
      await shop.locator('fieldset label').first().click();
      await shop.getByTestId('add-to-cart').click();
      const drawer = shop.getByTestId('cart-drawer');
      await drawer.waitFor();
      await drawer.getByTestId('drawer-checkout').click();
      await shop.waitForURL('**/checkout');
      await fillCheckoutForm(shop, { phone: '0115 550 0101', governorate: 'CAIRO' });
      await shop.getByTestId('place-order').click();
      await shop.getByText('We could not accept this order online. Please contact us to complete it.').first().waitFor();
      expect(await shop.getByText(/block/i).count()).toBe(0);
      expect(new URL(shop.url()).pathname).toBe('/checkout');
      await screenshot(shop, 'checkout-not-accepted');
      expect(errors).toEqual([]);
    });

    await row.getByRole('button', { name: `Lift the block on ${BLOCKED_PHONE}` }).click();
    await page.getByRole('button', { name: 'Lift block', exact: true }).click();
    await page.getByText(`${BLOCKED_PHONE} can check out again`).waitFor();
  });

  test('the same phone ordering the same lines twice: the second order shows "Likely duplicate" in the call queue and on its page', async () => {
    const { posterId, variantId, size } = await firstPoster();
    const place = () => eventually(() => placeOrderAsShopper({ posterId, variantId, size, quantity: 2, firstName: 'Repeat', phone: REPEAT_PHONE }));
    const first = await place();
    const second = await place();

    const card = page.getByRole('listitem', { name: `Order ${second.orderNumber}` });
    await eventually(async () => {
      await page.goto(`${BASE_URL}/admin/call-queue`);
      await card.waitFor({ timeout: 3000 });
    });
    await screenshot(page, 'call-queue-screening-flags');
    const flag = card.getByTestId('screening-flags');
    expect(await flag.textContent()).toBe(`Likely duplicate of ${first.orderNumber}`);
    const firstCard = page.getByRole('listitem', { name: `Order ${first.orderNumber}` });
    expect(await firstCard.getByTestId('screening-flags').count()).toBe(0);

    await card.getByRole('link', { name: second.orderNumber }).click();
    await page.getByRole('heading', { name: `Order ${second.orderNumber}` }).waitFor();
    expect(await page.getByTestId('screening-flags').first().textContent()).toBe(`Likely duplicate of ${first.orderNumber}`);
  });
});
