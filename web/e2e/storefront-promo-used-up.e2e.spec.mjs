// A promo code whose uses ran out, applied on an Arabic phone checkout: the shop tells the truth
// the server answered (the notice that it no longer applies) and no green "applied successfully"
// beside it; a toast that does show stays clear of the Place Order button.
import { expect } from '@jest/globals';
import { adminCall, apiToken, firstPoster, placeOrderAsShopper } from './admin-support.mjs';
import { PHONE, withShop } from './support.mjs';

/** Whether two boxes share any area. */
const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('a used-up promo code at the Arabic checkout', () => {
  it('shows only the notice that it ran out, and the toast of a code that applies never covers Place Order', async () => {
    const token = await apiToken();
    const stamp = Date.now().toString(36).toUpperCase();
    const [usedUp, works] = [`ONCE${stamp}`, `TOAST${stamp}`];
    await adminCall(token, 'POST', '/admin/promocodes', { code: usedUp, percentOff: 5, usageLimit: 1 });
    await adminCall(token, 'POST', '/admin/promocodes', { code: works, percentOff: 5 });
    const poster = await firstPoster();
    await placeOrderAsShopper({ ...poster, firstName: 'Once', phone: `0112${String(Date.now()).slice(-7)}`, promoCode: usedUp });

    await withShop({ viewport: PHONE, locale: 'ar' }, async ({ page: shop, errors }) => {
      await shop.goto(`/posters/${poster.posterId}`);
      await shop.locator('fieldset label').first().click();
      await shop.getByRole('button', { name: 'زيادة الكمية' }).click();
      await shop.getByTestId('add-to-cart').click();
      const drawer = shop.getByTestId('cart-drawer');
      await drawer.waitFor();
      await drawer.getByTestId('drawer-checkout').click();
      await shop.waitForURL('**/checkout');

      const field = shop.getByLabel('كود الخصم', { exact: true });
      await field.fill(usedUp);
      await shop.getByRole('button', { name: 'تطبيق', exact: true }).click();
      const notice = shop.getByTestId('promo-dropped');
      await notice.waitFor();
      expect(await notice.textContent()).toContain('لم يعد ساريًا');
      // The answer is handled once the field is cleared: by then a success toast would be showing.
      await shop.waitForFunction((input) => input.value === '', await field.elementHandle());
      expect(await shop.getByText('بنجاح').count()).toBe(0);
      // (The cart's own "added" toast may still be showing; none speaks of the code.)
      expect(await shop.getByTestId('toast').filter({ hasText: usedUp }).count()).toBe(0);

      // Place Order at the bottom of the phone's screen, where a bottom toast would sit.
      await notice.getByRole('button', { name: 'إزالة' }).click();
      await notice.waitFor({ state: 'detached' });
      await shop.getByTestId('place-order').evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await field.fill(works);
      await shop.getByRole('button', { name: 'تطبيق', exact: true }).click();
      // Both boxes read in one go while the toast shows: it lives only seconds, and read one at a
      // time the toast may be gone by the second call.
      const boxes = await shop.waitForFunction(() => {
        const toast = [...document.querySelectorAll('[data-testid="toast"]')].find((e) => e.textContent.includes('بنجاح'));
        const button = document.querySelector('[data-testid="place-order"]');
        if (!toast || !button) return null;
        const box = (e) => {
          const r = e.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        };
        return { toast: box(toast), button: box(button) };
      });
      const { toast: toastBox, button: buttonBox } = await boxes.jsonValue();
      expect(toastBox.height).toBeGreaterThan(0);
      expect(overlap(toastBox, buttonBox)).toBe(false);
      expect(errors).toEqual([]);
    });
  });
});
