// A delivered order returned by one line from its page: the dashboard's net sales fall by that line.
import { BASE_URL, adminCall, apiToken, eventually, firstPoster, placeOrderAsShopper, shipByApi, useSignedInPage } from './admin-support.mjs';

const egp = (text) => Number(text.replace(/[^0-9.]/g, ''));

describe('returning a delivered order', () => {
  let page;
  useSignedInPage((p) => (page = p));

  it('one line back: the dashboard’s net sales fall by that line', async () => {
    const token = await apiToken();
    const placed = await placeOrderAsShopper({ ...(await firstPoster()), firstName: 'Reem', quantity: 2 });
    await shipByApi(token, placed.orderId);
    await adminCall(token, 'PATCH', `/admin/orders/${placed.orderId}/status`, { status: 'DELIVERED' });
    const order = await eventually(async () => {
      const { body } = await adminCall(token, 'GET', `/admin/orders/${placed.orderId}`);
      if (body.status !== 'DELIVERED') throw new Error(`still ${body.status}`);
      return body;
    });
    const [line] = order.items;
    const salesCard = () => page.getByText('Sales', { exact: true }).locator('xpath=following-sibling::p[1]');
    await page.goto(`${BASE_URL}/admin`);
    const before = egp(await salesCard().textContent());

    await page.goto(`${BASE_URL}/admin/orders/${placed.orderNumber}`);
    await page.getByRole('button', { name: 'Return goods…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(`Returned quantity of ${line.name}`).fill('1');
    await dialog.getByLabel(/Reason/).fill('frame glass broken');
    await dialog.getByRole('button', { name: 'Record return' }).click();
    await page.getByText('Return recorded').waitFor();

    await eventually(async () => {
      await page.goto(`${BASE_URL}/admin`);
      expect(egp(await salesCard().textContent())).toBeCloseTo(before - line.unitPrice, 2);
    });
  });
});
