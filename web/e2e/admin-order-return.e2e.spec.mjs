// A delivered order returned by one line from its page: the dashboard's net sales fall by that line.
import { BASE_URL, adminCall, apiToken, deliveredOrder, eventually, firstPoster, useSignedInPage } from './admin-support.mjs';

const egp = (text) => Number(text.replace(/[^0-9.]/g, ''));

describe('returning a delivered order', () => {
  let page;
  useSignedInPage((p) => (page = p));

  it('one line back: the dashboard’s net sales fall by that line', async () => {
    const token = await apiToken();
    const { placed, order } = await deliveredOrder(token, { ...(await firstPoster()), firstName: 'Reem', quantity: 2 });
    const [line] = order.items;
    const salesCard = () => page.getByText('Net sales', { exact: true }).first().locator('xpath=following-sibling::p[1]');
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

  it('a refund over what was paid records nothing; the same goods then go back with a fair refund, and the dialog offers what is left', async () => {
    const token = await apiToken();
    const { placed, order } = await deliveredOrder(token, { ...(await firstPoster()), firstName: 'Salma', quantity: 2 });
    const [line] = order.items;
    const returnOne = async (refund) => {
      await page.getByRole('button', { name: 'Return goods…' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(`Returned quantity of ${line.name}`).fill('1');
      await dialog.getByLabel(/Reason/).fill('torn corner');
      await dialog.getByLabel('Cash handed back (EGP)').fill(String(refund));
      await dialog.getByRole('button', { name: 'Record return' }).click();
      return dialog;
    };
    const taken = async () => (await adminCall(token, 'GET', `/admin/orders/${placed.orderId}/history`)).body.events.map((e) => e.type).filter((t) => t === 'OrderReturned' || t === 'RefundRecorded');

    await page.goto(`${BASE_URL}/admin/orders/${placed.orderNumber}`);
    const refused = await returnOne(9999);
    await page.getByText('Return not recorded').waitFor();
    await page.getByText(/more than was paid/).first().waitFor();
    expect(await taken()).toEqual([]);
    await refused.getByRole('button', { name: 'Keep as is' }).click();

    await returnOne(line.unitPrice);
    await page.getByText('Return recorded').waitFor();
    await eventually(async () => expect(await taken()).toEqual(['OrderReturned', 'RefundRecorded']));

    // The page follows the return: one of the two is left to return.
    await eventually(async () => {
      await page.goto(`${BASE_URL}/admin/orders/${placed.orderNumber}`);
      await page.getByRole('button', { name: 'Return goods…' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('1 of 2 left').waitFor({ timeout: 1000 });
      expect(await dialog.getByLabel(`Returned quantity of ${line.name}`).getAttribute('max')).toBe('1');
    });
  });
});
