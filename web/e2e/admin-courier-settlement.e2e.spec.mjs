// A courier's settlement CSV in the back-office: one parcel shipped through the ship dialog (courier
// and tracking number), two by the API; the file marks two delivered and one refused, lists a line
// it cannot match, and the couriers page and the dashboard show the cash the courier owes.
import { BASE_URL, adminCall, apiToken, eventually, firstPoster, placeOrderAsShopper, useSignedInPage } from './admin-support.mjs';

describe('a courier settlement file', () => {
  let page;
  useSignedInPage((p) => (page = p));

  it('marks two orders delivered and one refused, and shows the cash owed', async () => {
    const token = await apiToken();
    const name = `Bosta ${Date.now().toString(36)}`;
    const { body: courier } = await adminCall(token, 'POST', '/admin/couriers', { name, trackingUrlTemplate: 'https://bosta.co/tracking-shipments?shipment-number={tracking}' });
    const poster = await firstPoster();
    const stamp = Date.now().toString(36).toUpperCase();
    const orders = [];
    for (const [i, firstName] of ['Dalia', 'Dina', 'Rana'].entries()) {
      orders.push({ ...(await placeOrderAsShopper({ ...poster, firstName, phone: `0111${String(Date.now() + i).slice(-7)}` })), tracking: `${stamp}-${i + 1}` });
    }
    const [a, b, c] = orders;
    for (const o of [b, c]) await adminCall(token, 'POST', `/admin/orders/${o.orderId}/status-changes`, { status: 'SHIPPED', courierId: courier.id, trackingNumber: o.tracking });

    // The first through the order page's ship dialog.
    await eventually(async () => {
      await page.goto(`${BASE_URL}/admin/orders/${a.orderNumber}`);
      await page.getByRole('button', { name: 'Mark shipped' }).waitFor({ timeout: 3000 });
    });
    await page.getByRole('button', { name: 'Mark shipped' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Courier').selectOption({ label: name });
    await dialog.getByLabel('Tracking number').fill(a.tracking);
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await page.getByTestId('order-status').filter({ hasText: 'Shipped' }).waitFor();

    const totals = [];
    for (const o of [a, b]) totals.push((await adminCall(token, 'GET', `/admin/orders/${o.orderId}`)).body.total);
    // Dated today (the shop's day): neither before the parcels shipped nor in the future.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date());
    const csv = [
      'Tracking Number,State,COD,Bosta Fees,Updated At',
      `${a.tracking},Delivered,${totals[0]},30,${today}`,
      `${b.tracking},Delivered,${totals[1]},25,${today}`,
      `${c.tracking},Returned to business,0,20,${today}`,
      `${stamp}-404,Delivered,100,10,${today}`,
    ].join('\n');

    await page.goto(`${BASE_URL}/admin/couriers`);
    await page.getByLabel('Courier', { exact: true }).selectOption({ label: name });
    await page.getByLabel('CSV file').setInputFiles({ name: 'bosta.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByText('File imported').waitFor();
    const outcomes = page.getByRole('cell', { name: /^(Applied|Unmatched)/ });
    expect(await outcomes.allTextContents()).toEqual(['Applied: delivered', 'Applied: delivered', 'Applied: refused', expect.stringMatching(/^Unmatched/)]);
    // The projector applies the lines after the answer; the page counts them until done.
    await page.getByText('Done: 3 applied, 0 already recorded, 1 not applied').waitFor();

    const statuses = await Promise.all(orders.map(async (o) => (await adminCall(token, 'GET', `/admin/orders/${o.orderId}`)).body.status));
    expect(statuses).toEqual(['DELIVERED', 'DELIVERED', 'REFUSED']);

    const owed = `LE ${(totals[0] + totals[1] - 55).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    const cashOf = () => page.locator(`tr[aria-label="Cash of ${name}"] [data-figure="owed"]`);
    await eventually(async () => {
      await page.goto(`${BASE_URL}/admin/couriers`);
      await cashOf().waitFor({ timeout: 3000 });
      expect(await cashOf().textContent()).toBe(owed);
    });
    await page.goto(`${BASE_URL}/admin`);
    await cashOf().waitFor();
    expect(await cashOf().textContent()).toBe(owed);
  });
});
