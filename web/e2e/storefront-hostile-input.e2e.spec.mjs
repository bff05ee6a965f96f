// A shopper whose form carries text the shop refuses (a pasted control character) is told what
// the server said, keeps the cart, and checks out once the text is fixed; nothing downstream
// (event store, projections) notices the refused attempt.
import { expect } from '@jest/globals';
import { eventually } from './admin-support.mjs';
import { DESKTOP, fillCheckoutForm, health, useShop } from './support.mjs';

const BELL = '\u0007';

describe('storefront: refused text in the checkout form', () => {
  let shop;
  useShop({ viewport: DESKTOP }, (opened) => (shop = opened));

  test('the server\'s 400 message is shown, the cart survives, and the corrected form places the order', async () => {
    const { page } = shop;
    // Other specs share the stack: start from a healthy one, so the 200 at the end means something.
    await eventually(async () => expect((await health()).status).toBe(200), { timeout: 30_000 });

    await page.goto('/shop');
    await page.getByTestId('poster-card').first().click();
    await page.waitForURL('**/posters/**');
    await page.locator('fieldset label').first().click();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByTestId('add-to-cart').click();
    await page.getByTestId('cart-drawer').getByTestId('drawer-checkout').click();
    await page.waitForURL('**/checkout');

    // A bell character, as a careless paste from a terminal would bring: an <input> keeps it
    // (only line breaks are stripped), and nothing on the client refuses it.
    await fillCheckoutForm(page, { phone: '01001234567', addressLine: `12 Nile${BELL} Corniche`, governorate: 'CAIRO' });

    const checkouts = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/user/cart/checkout') checkouts.push(request);
    });
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/user/cart/checkout'),
      page.getByTestId('place-order').click(),
    ]);
    // The character really left the browser: the refusal is the server's, not a client check.
    expect(checkouts).toHaveLength(1);
    expect(checkouts[0].postDataJSON().addressLine).toBe(`12 Nile${BELL} Corniche`);
    expect(refused.status()).toBe(400);
    const { message } = await refused.json();
    expect(message).toBe('addressLine contains a control character');

    const failure = page.getByTestId('checkout-failure');
    await failure.waitFor();
    expect(await failure.innerText()).toContain(message);
    expect(page.url()).toMatch(/\/checkout$/);
    expect(await page.getByTestId('cart-badge').textContent()).toBe('2');

    await page.getByLabel('Address line').fill('12 Nile Corniche');
    // Editing the form clears the old refusal: the shopper is not left reading a stale error.
    await failure.waitFor({ state: 'detached' });
    await page.getByTestId('place-order').click();
    await page.waitForURL('**/order-confirmation/*');
    expect((await page.getByTestId('order-number').textContent()).trim()).toMatch(/^PS-[A-Z2-9]{4}-?[A-Z2-9]{4}$/);
    expect(checkouts).toHaveLength(2);
    // Same visit, same idempotency key: the refused attempt did not claim it.
    expect(await checkouts[1].headerValue('idempotency-key')).toBe(await checkouts[0].headerValue('idempotency-key'));

    // Wait until each projection has caught up with the order or stopped on something; none may have stopped.
    const after = await eventually(async () => {
      const h = await health();
      expect(h.body.projections.list.filter((p) => !p.caughtUp && p.status !== 'failed')).toEqual([]);
      return h;
    });
    expect(after.status).toBe(200);
    expect(after.body.projections).toMatchObject({ failed: [], stalled: [] });
    expect(shop.errors).toEqual([]);
  });
});
