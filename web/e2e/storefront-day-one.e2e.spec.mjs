// A shopper's first day with the storefront's promises kept: the footer's newsletter sign-up
// reaches the admin's Newsletter page, the follow popup's code is one order per phone, and the
// confirmation and checkout survive a reload. Against the real stack and its seeded demo shop.
import { expect } from '@jest/globals';
import { eventually, firstPoster, placeOrderAsShopper, signedInBrowser, BASE_URL } from './admin-support.mjs';
import { DESKTOP, fillCheckoutForm, withShop } from './support.mjs';

/** A poster in the cart (two of its first size) and the checkout page open. */
async function toCheckout(page) {
  const { posterId } = await firstPoster();
  await page.goto(`/posters/${posterId}`);
  await page.locator('fieldset label').first().click();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByTestId('add-to-cart').click();
  await page.getByTestId('cart-drawer').getByTestId('drawer-checkout').click();
  await page.waitForURL('**/checkout');
  await page.getByLabel('First name').waitFor();
}

describe('the storefront on day one', () => {
  test('a shopper subscribes in the footer, and the owner finds the address on the Newsletter page', async () => {
    const address = `footer-${Date.now()}@example.com`;
    await withShop({ viewport: DESKTOP }, async ({ page, errors }) => {
      await page.goto('/');
      const footer = page.getByTestId('newsletter');
      await footer.getByLabel('E-mail address').fill(address.toUpperCase());
      await footer.getByRole('button', { name: 'Subscribe' }).click();
      expect(await footer.getByTestId('newsletter-status').innerText()).toContain(`Thank you! Our newsletter will come to ${address}`);
      await page.reload();
      await footer.getByText('You are already subscribed to our newsletter from this browser.').waitFor();
      expect(errors).toEqual([]);
    });
    const { browser, page } = await signedInBrowser();
    try {
      await eventually(async () => {
        await page.goto(`${BASE_URL}/admin/newsletter`);
        await page.getByLabel('Search by e-mail').fill(address);
        await page.getByRole('cell', { name: address, exact: true }).waitFor({ timeout: 3_000 });
      });
    } finally {
      await browser.close();
    }
  });

  test('FOLLOW10 is one order per phone: a second checkout from the same phone, however written, is refused with the reason', async () => {
    const phone = '01055512345';
    const first = await placeOrderAsShopper({ ...(await firstPoster()), phone, promoCode: 'FOLLOW10' });
    expect(first.totals).toMatchObject({ promoCode: 'FOLLOW10' });
    await withShop({ viewport: DESKTOP }, async ({ page, errors }) => {
      await toCheckout(page);
      await page.getByPlaceholder('Promo code').fill('FOLLOW10');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByTestId('promo-applied').waitFor();
      await fillCheckoutForm(page, { phone: '+20 105 551 2345', city: 'Cairo', governorate: 'CAIRO' });
      await page.getByTestId('place-order').click();
      const failure = page.getByTestId('checkout-failure');
      await failure.waitFor();
      expect(await failure.innerText()).toContain('You have already used this code');
      expect(new URL(page.url()).pathname).toBe('/checkout');
      expect(errors).toEqual([]);
    });
  });

  test('a reload of checkout keeps every field typed; a reload of the confirmation shows it again, and its address shows nothing personal to anyone else', async () => {
    let confirmation;
    await withShop({ viewport: DESKTOP }, async ({ page, errors }) => {
      await toCheckout(page);
      await fillCheckoutForm(page, { phone: '0106 777 8899', city: 'Cairo', governorate: 'CAIRO', email: 'reload@example.com', notes: 'Call first' });
      await page.reload();
      await page.getByLabel('First name').waitFor();
      const typed = { 'First name': 'Mona', 'Last name': 'Adel', 'Phone number': '0106 777 8899', 'E-mail (optional)': 'reload@example.com', 'Address line': '12 Nile Corniche', Building: '4', Apartment: '7', Governorate: 'CAIRO' };
      for (const [label, value] of Object.entries(typed)) expect(await page.getByLabel(label).inputValue()).toBe(value);
      expect(await page.getByLabel('Notes', { exact: false }).inputValue()).toBe('Call first');

      await page.getByTestId('place-order').click();
      await page.waitForURL('**/order-confirmation/*');
      const orderNumber = (await page.getByTestId('order-number').innerText()).trim();
      confirmation = new URL(page.url()).pathname;
      expect(confirmation).toBe(`/order-confirmation/${orderNumber}`);
      await page.getByTestId('recap-address').waitFor();

      await page.reload();
      expect((await page.getByTestId('order-number').innerText()).trim()).toBe(orderNumber);
      expect(await page.getByTestId('recap-address').innerText()).toContain('Mona Adel');
      await page.getByText('Thank you for your order!').waitFor();
      expect(new URL(page.url()).pathname).toBe(confirmation);
      // Once ordered, the typed address is gone from the checkout's storage.
      expect(await page.evaluate(() => sessionStorage.getItem('checkout-form'))).toBeNull();
      expect(errors).toEqual([]);
    });
    // Another browser with the same address: the number it already has, nothing about the person.
    await withShop({ viewport: DESKTOP }, async ({ page, errors }) => {
      await page.goto(confirmation);
      await page.getByTestId('recap-elsewhere').waitFor();
      expect(await page.getByTestId('order-recap').count()).toBe(0);
      expect(await page.locator('body').innerText()).not.toMatch(/Mona|Adel|Nile|0106|7778899/);
      expect(errors).toEqual([]);
    });
  });
});
