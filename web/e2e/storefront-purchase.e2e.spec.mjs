// The main path of a shopper: home → shop → poster → size → add to cart → drawer → checkout
// (errors shown, then success) → confirmation with the order number. Screenshots on the way.
import { expect } from '@jest/globals';
import { DESKTOP, fillCheckoutForm, screenshot, useShop } from './support.mjs';

describe('storefront purchase', () => {
  let shop;
  useShop({ viewport: DESKTOP }, (opened) => (shop = opened));

  test('browse, add a poster in a chosen size, check out and see the order number', async () => {
    const { page } = shop;
    await page.goto('/');
    await page.getByRole('heading', { name: 'Walls That Whisper.' }).waitFor();
    await page.getByTestId('poster-card').first().waitFor();
    await screenshot(page, 'home-desktop');

    await page.getByRole('link', { name: 'Shop now' }).click();
    await page.waitForURL('**/shop');
    // The shop's own grid (not the home cards still on screen while its chunk loads).
    await page.getByTestId('result-range').waitFor();
    expect(await page.getByTestId('result-range').textContent()).toMatch(/Showing 1–\d+ of \d+/);
    await screenshot(page, 'shop-desktop');

    await page.getByTestId('poster-card').first().click();
    await page.waitForURL('**/posters/**');
    await page.getByTestId('add-to-cart').waitFor();
    const name = (await page.getByRole('heading', { level: 1 }).textContent()).trim();
    expect(name.length).toBeGreaterThan(0);

    // Without a size the shop refuses, with a message.
    await page.getByTestId('add-to-cart').click();
    await page.getByText('Please select a size').first().waitFor();

    const sizes = page.locator('fieldset label');
    await sizes.nth((await sizes.count()) > 1 ? 1 : 0).click();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    expect(await page.getByTestId('quantity').textContent()).toBe('2');
    await screenshot(page, 'poster-desktop');

    await page.getByTestId('add-to-cart').click();
    const drawer = page.getByTestId('cart-drawer');
    await drawer.waitFor();
    await drawer.getByTestId('cart-line').getByText(name).waitFor();
    expect(await drawer.getByTestId('line-quantity').first().textContent()).toBe('2');
    expect(await page.getByTestId('cart-badge').textContent()).toBe('2');
    await drawer.getByTestId('free-shipping').waitFor();

    await drawer.getByTestId('drawer-checkout').click();
    await page.waitForURL('**/checkout');
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();

    // Errors first.
    await page.getByTestId('place-order').click();
    await page.getByText('First name is required').waitFor();
    await page.getByText('Governorate is required').waitFor();
    await page.getByLabel('Phone number').fill('12345');
    await page.getByTestId('place-order').click();
    await page.getByText('Please enter a valid Egyptian phone number.').waitFor();

    await fillCheckoutForm(page, { governorate: 'ALEXANDRIA' });
    // Two posters: no minimum-order warning outside Cairo.
    expect(await page.getByTestId('min-posters-warning').count()).toBe(0);
    await page.waitForFunction(() => /LE/.test(document.querySelector('[data-testid="summary-shipping"]')?.textContent ?? ''));
    await screenshot(page, 'checkout-desktop');

    await page.getByTestId('place-order').click();
    await page.waitForURL('**/order-confirmation/*');
    const orderNumber = (await page.getByTestId('order-number').textContent()).trim();
    expect(orderNumber).toMatch(/^PS-[A-Z2-9]{4}-?[A-Z2-9]{4}$/);
    await page.getByText('Thank you for your order!').waitFor();
    // The checked-out cart is gone from the badge.
    expect(await page.getByTestId('cart-badge').count()).toBe(0);
    expect(shop.errors).toEqual([]);
  });

  test('the order confirmation without an order number goes home', async () => {
    // A new tab: reloading the confirmation itself keeps its history state, and the number.
    const page = await shop.context.newPage();
    await page.goto('/order-confirmation');
    // A client-side redirect (history.replaceState): no new document to wait for.
    await page.waitForFunction(() => window.location.pathname === '/');
    await page.getByRole('heading', { name: 'Walls That Whisper.' }).waitFor();
  });
});
